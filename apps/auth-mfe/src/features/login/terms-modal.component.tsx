import { MSG } from '@psicocampus/shared/domain';
import { Button, Modal } from '@psicocampus/shared/ui';
import { TERMS_SECTIONS } from './terms-content';
import styles from './login.module.css';

export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={MSG.auth.termsTitle}
      onClose={onClose}
      size="large"
      footer={<Button onClick={onClose}>{MSG.auth.close}</Button>}
    >
      {TERMS_SECTIONS.map((section) => (
        <section key={section.title} className={styles.termsSection}>
          <h3>{section.title}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </Modal>
  );
}
