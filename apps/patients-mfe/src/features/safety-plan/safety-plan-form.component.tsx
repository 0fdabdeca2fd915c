import { useState } from 'react';
import { MSG } from '@psicocampus/shared';
import {
  Form,
  Formik,
  KeepDraft,
  TextAreaField,
  useDraft,
  useFormikContext,
  type Draft,
} from '@psicocampus/shared/forms';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTION_MAX,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlan,
  type SafetyPlanSections,
} from '@psicocampus/shared/safety-plan';
import { Button, Notice, useLeaveGuard } from '@psicocampus/shared/ui';
import { SafetyPlanStaleNotice } from './safety-plan-stale-notice.component';
import { useSafetyPlanSave } from './use-safety-plan-save';
import styles from './safety-plan.module.css';

const P = SAFETY_PLAN_MSG;

/** The form's values: the sections and the version they were read at (0: no plan yet). */
export type SafetyPlanValues = SafetyPlanSections & { version: number };

function valuesOf(plan: SafetyPlan | null): SafetyPlanValues {
  const sections = Object.fromEntries(
    SAFETY_PLAN_SECTION_KEYS.map((key) => [key, plan?.[key] ?? '']),
  ) as SafetyPlanSections;
  return { ...sections, version: plan?.version ?? 0 };
}

interface Props {
  studentId: string;
  /** The plan in force, as the form starts from it. */
  plan: SafetyPlan | null;
  /** The version in force now (after a refresh), for a save over a newer revision. */
  currentVersion: number;
  /** The assessment that asked for the plan, when the screen was opened from it. */
  assessmentId: string | null;
  /** Told after a save, with the revision it made. */
  onSaved: (plan: SafetyPlan) => void;
  /** Asked when a save met a newer version (409): the screen reads the plan again. */
  onStale: () => void;
  /** Asked to drop the text typed and start again from the version in force. */
  onDiscard: () => void;
}

/**
 * The plan's seven steps as a Formik form on the shared schema
 * (docs/screens-and-routes.md#safety-plan):
 * 'Guardar borrador' takes empty sections, 'Guardar plan completo' asks for
 * every one. What is typed is kept as a draft until it is saved
 * (docs/sign-in-and-sessions.md#drafts); a save refused because someone
 * saved a newer version (409) keeps the text and says what to do.
 */
export function SafetyPlanForm({ plan, ...props }: Props) {
  const [pristine] = useState(() => valuesOf(plan));
  const draft = useDraft(`safety-plan:${props.studentId}`, pristine);
  return (
    <Formik<SafetyPlanValues> initialValues={draft.initialValues} onSubmit={() => undefined}>
      <SafetyPlanFormBody {...props} draft={draft} />
    </Formik>
  );
}

interface BodyProps extends Omit<Props, 'plan'> {
  draft: Draft<SafetyPlanValues>;
}

function SafetyPlanFormBody({
  studentId,
  draft,
  currentVersion,
  assessmentId,
  onSaved,
  onStale,
  onDiscard,
}: BodyProps) {
  const formik = useFormikContext<SafetyPlanValues>();
  const { saving, stale, submit } = useSafetyPlanSave({
    studentId,
    draft,
    assessmentId,
    onSaved,
    onStale,
  });
  // Leaving the screen asks first; a reload keeps the draft, so the browser
  // is not asked to warn (docs/screens-and-routes.md#leaving-a-form).
  useLeaveGuard(draft.isChanged(formik.values), { keptAcrossReload: true });

  // A newer version arrived while the form was open: the text stays, and saving waits for a choice.
  const behind = formik.values.version < currentVersion;

  return (
    <Form noValidate aria-label={P.title} className={styles.form}>
      <KeepDraft draft={draft} />
      {draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
      <SafetyPlanStaleNotice
        stale={stale}
        behind={behind}
        onKeep={() => void formik.setFieldValue('version', currentVersion, false)}
        onDiscard={() => {
          draft.clear();
          onDiscard();
        }}
      />
      {SAFETY_PLAN_SECTION_KEYS.map((key, index) => (
        <TextAreaField
          key={key}
          name={key}
          label={`${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`}
          hint={SAFETY_PLAN_SECTIONS[key].help}
          rows={3}
          maxLength={SAFETY_PLAN_SECTION_MAX}
        />
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={saving !== null || behind}
          aria-busy={saving === 'draft'}
          onClick={() => void submit('draft')}
        >
          {saving === 'draft' ? P.saving : P.saveDraft}
        </Button>
        <Button
          disabled={saving !== null || behind}
          aria-busy={saving === 'complete'}
          onClick={() => void submit('complete')}
        >
          {saving === 'complete' ? P.saving : P.saveComplete}
        </Button>
      </div>
    </Form>
  );
}
