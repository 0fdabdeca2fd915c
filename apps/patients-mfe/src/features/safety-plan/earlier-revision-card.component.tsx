import { Link } from 'react-router-dom';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlan,
} from '@psicocampus/shared/safety-plan';
import { Notice, SectionCard } from '@psicocampus/shared/ui';
import { versionLine } from './version-line';
import styles from './safety-plan.module.css';

const P = SAFETY_PLAN_MSG;

/** An earlier revision, read only, as it was saved. */
function RevisionText({ plan }: { plan: SafetyPlan }) {
  return (
    <dl className={styles.revision}>
      {SAFETY_PLAN_SECTION_KEYS.map((key, index) => (
        <div key={key}>
          <dt>{`${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`}</dt>
          <dd>{plan[key] || P.pdf.empty}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `?version=N`: that revision as it was saved, with the way back to the one in force. */
export function EarlierRevisionCard({ plan }: { plan: SafetyPlan }) {
  return (
    <SectionCard title={versionLine(plan)}>
      <Notice tone="info">
        <p>{P.viewingRevision(String(plan.version))}</p>
        <Link to=".">{P.backToCurrent}</Link>
      </Notice>
      <RevisionText plan={plan} />
    </SectionCard>
  );
}
