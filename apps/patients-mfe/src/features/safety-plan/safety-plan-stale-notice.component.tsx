import { SAFETY_PLAN_MSG } from '@psicocampus/shared/safety-plan';
import { Button, Notice } from '@psicocampus/shared/ui';
import styles from './safety-plan.module.css';

const P = SAFETY_PLAN_MSG;

interface Props {
  /** A save met a newer version: the text was kept. */
  stale: boolean;
  /** A newer version arrived while the form was open: saving waits for a choice. */
  behind: boolean;
  /** Keeps the text typed, to save it over the newer version. */
  onKeep: () => void;
  /** Drops the text typed for the version in force. */
  onDiscard: () => void;
}

/** Says that someone saved a newer plan and, while the form is behind, offers keep or discard. */
export function SafetyPlanStaleNotice({ stale, behind, onKeep, onDiscard }: Props) {
  if (!stale && !behind) return null;
  return (
    <Notice tone="warning">
      <p>{behind ? P.stale : P.staleKept}</p>
      {behind && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onKeep}>
            {P.staleKeep}
          </Button>
          <Button variant="secondary" onClick={onDiscard}>
            {P.staleDiscard}
          </Button>
        </div>
      )}
    </Notice>
  );
}
