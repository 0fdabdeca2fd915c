/** React UI pieces shared by the front ends: dialogs and small components. */
// The design tokens every stylesheet reads, with the pieces that read them.
import './tokens.css';
export * from './dialogs';
export * from './button.component';
export * from './loading-message.component';
export * from './modal.component';
export * from './page-header.component';
export * from './section-card.component';
export * from './progress-bar.component';
export * from './empty-state.component';
export * from './definition-list.component';
export * from './initials-avatar.component';
export * from './visually-hidden.component';
export * from './back-link.component';
export * from './notice.component';
export * from './risk-level-badge.component';
export * from './pagination.component';
export * from './use-box-width';
export * from './confirm-discard';
export * from './risk-badge.component';
export * from './email-address.component';
export * from './leave-guard';
export * from './use-page-param';
