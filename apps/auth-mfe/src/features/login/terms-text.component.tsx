import { TERMS_SECTIONS } from './terms-content';
import styles from '../../components/auth.module.css';

/** The Terms' five sections; a chunk of its own, loaded when the Terms are opened. */
export default function TermsText() {
  return TERMS_SECTIONS.map((section) => (
    <section key={section.title} className={styles.termsSection}>
      <h3>{section.title}</h3>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  ));
}
