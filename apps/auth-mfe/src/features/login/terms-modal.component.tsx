import { lazy, Suspense } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { Button, LoadingMessage, Modal } from '@psicocampus/shared/ui';
import termsStyles from './terms-modal.module.css';

// Three kilobytes of text that few sign-ins open: not in /login's budget
// (docs/limits-and-budgets.md#speed-and-size-budgets).
const TermsText = lazy(() => import('./terms-text.component'));

export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={MSG.auth.termsTitle}
      onClose={onClose}
      size="large"
      footer={<Button onClick={onClose}>{MSG.auth.close}</Button>}
    >
      {/* The text scrolls in a region of its own that takes the keyboard's
          focus (Tab, then the arrow keys): it holds nothing else focusable
          (axe: scrollable-region-focusable). */}
      <div
        className={termsStyles.scroll}
        role="region"
        aria-label={MSG.layoutA11y.termsText}
        tabIndex={0}
      >
        <Suspense fallback={<LoadingMessage text={MSG.common.loading} />}>
          <TermsText />
        </Suspense>
      </div>
    </Modal>
  );
}
