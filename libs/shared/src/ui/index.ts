/** React UI pieces shared by the front ends: dialogs and small components. */
export * from './dialogs';
export * from './button.component';
export * from './loading-message.component';
export * from './modal.component';
