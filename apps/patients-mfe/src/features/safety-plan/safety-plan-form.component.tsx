import { useCallback, useState } from 'react';
import { errorMessage, errorStatus, MSG, useSaveSafetyPlanMutation } from '@psicocampus/shared';
import {
  Form,
  Formik,
  KeepDraft,
  TextAreaField,
  useDraft,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
  type Draft,
  type FormikErrors,
} from '@psicocampus/shared/forms';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTION_MAX,
  SAFETY_PLAN_SECTIONS,
  safetyPlanSchema,
  type SafetyPlan,
  type SafetyPlanSections,
  type SafetyPlanStatus,
} from '@psicocampus/shared/safety-plan';
import {
  Button,
  Notice,
  showError,
  showSuccess,
  showWarningList,
  useLeaveGuard,
} from '@psicocampus/shared/ui';
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
  const [saving, setSaving] = useState<SafetyPlanStatus | null>(null);
  const [stale, setStale] = useState(false);
  const [save] = useSaveSafetyPlanMutation();
  // Leaving the screen asks first; a reload keeps the draft, so the browser
  // is not asked to warn (docs/screens-and-routes.md#leaving-a-form).
  useLeaveGuard(draft.isChanged(formik.values), { keptAcrossReload: true });

  const submit = useCallback(
    async (status: SafetyPlanStatus) => {
      const body = { ...formik.values, status, ...(assessmentId ? { assessmentId } : {}) };
      try {
        await validateYupSchema(body, safetyPlanSchema);
      } catch (error) {
        const errors = yupToFormErrors(error) as FormikErrors<SafetyPlanValues>;
        formik.setErrors(errors);
        void formik.setTouched(
          Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, true])),
          false,
        );
        await showWarningList(
          P.invalidTitle,
          Object.values(errors).filter((value): value is string => typeof value === 'string'),
        );
        return;
      }
      setSaving(status);
      try {
        const answer = await save({
          studentId,
          body: safetyPlanSchema.cast(body) as Parameters<typeof save>[0]['body'],
        }).unwrap();
        draft.clear();
        setStale(false);
        await showSuccess(answer.msg);
        if (answer.safetyPlan) onSaved(answer.safetyPlan);
      } catch (error) {
        if (errorStatus(error) === 409) {
          setStale(true);
          onStale();
          await showError(P.stale);
        } else {
          await showError(errorMessage(error, P.saveError));
        }
      } finally {
        setSaving(null);
      }
    },
    [assessmentId, draft, formik, onSaved, onStale, save, studentId],
  );

  // A newer version arrived while the form was open: the text stays, and saving waits for a choice.
  const behind = formik.values.version < currentVersion;

  return (
    <Form noValidate aria-label={P.title} className={styles.form}>
      <KeepDraft draft={draft} />
      {draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
      {(stale || behind) && (
        <Notice tone="warning">
          <p>{behind ? P.stale : P.staleKept}</p>
          {behind && (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => void formik.setFieldValue('version', currentVersion, false)}
              >
                {P.staleKeep}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  draft.clear();
                  onDiscard();
                }}
              >
                {P.staleDiscard}
              </Button>
            </div>
          )}
        </Notice>
      )}
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
