import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { type Statistics } from '@psicocampus/shared';
import styles from './admin-home.module.css';

/** The four counts of the home, each a large figure under its label. */
export function ServiceFigures({ totals }: { totals: Statistics['totals'] }) {
  const M = ADMIN_MSG;
  const figures = [
    { label: M.psychologistsCount, value: totals.psychologists },
    { label: M.studentsCount, value: totals.students },
    { label: M.assessmentsThisMonth, value: totals.assessmentsThisMonth },
    { label: M.highRiskStudents, value: totals.highRiskStudents, hint: M.highRiskHint },
  ];
  return (
    <section aria-label={M.homeFiguresLabel}>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.figure}>
            <dt className={styles.label}>{figure.label}</dt>
            <dd className={styles.value}>{figure.value.toLocaleString('es')}</dd>
            {figure.hint && <dd className={styles.hint}>{figure.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
