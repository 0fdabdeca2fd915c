import { CONTRADICTION_MSG as X, type AssessmentContradiction } from '@psicocampus/shared';
import { Notice } from '@psicocampus/shared/ui';
import styles from './saved-assessment.module.css';

/**
 * The mark of a stored assessment whose answers contradict each other
 * (docs/columbia-assessment.md#contradicting-answers): what it means, and
 * each contradiction naming its item. Nothing when there is none.
 */
export function ContradictionsNotice({
  contradictions,
}: {
  contradictions: readonly AssessmentContradiction[];
}) {
  if (!contradictions.length) return null;
  return (
    <Notice tone="warning" live={false}>
      <p>
        <strong>{X.markTitle}</strong>
      </p>
      <p>{X.markText}</p>
      <ul className={styles.contradictionList}>
        {contradictions.map((found) => (
          <li key={found.field}>{found.msg}</li>
        ))}
      </ul>
    </Notice>
  );
}
