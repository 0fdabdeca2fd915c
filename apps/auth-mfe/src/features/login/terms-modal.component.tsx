import { MSG } from '@psicocampus/shared/domain';
import { Button, Modal } from '@psicocampus/shared/ui';
import { TERMS_SECTIONS } from './terms-content';
import styles from './login.module.css';
import termsStyles from './terms-modal.module.css';

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
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className={styles.termsSection}>
            <h3>{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </Modal>
  );
}
