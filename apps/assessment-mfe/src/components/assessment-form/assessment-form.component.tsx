import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  emptyAssessmentAnswers,
  MSG,
  type AssessmentAnswers,
  type AssessmentFormProps,
  type RiskLevel,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  Form,
  Formik,
  KeepDraft,
  useDraft,
  useFormikContext,
  type Draft,
} from '@psicocampus/shared/forms';
import { Button, Notice, confirmDiscard, useLeaveGuard } from '@psicocampus/shared/ui';
import { BehaviourSection } from './behaviour-section.component';
import { EstimatedLevel } from './estimated-level.component';
import { TextAnswer } from './answer-fields.component';
import { FieldIdContext, fieldIdFactory } from './field-ids';
import { ClinicianLevelSection } from '../clinician-level/clinician-level.component';
import { SafetyPlanCallout } from '../safety-plan-callout/safety-plan-callout.component';
import { FinalRemarks } from './final-remarks.component';
import { FormSection } from './form-section.component';
import { IdeationSection } from './ideation-section.component';
import { IntensitySection } from './intensity-section.component';
import { LethalitySection } from './lethality-section.component';
import { useFinalRemarks } from './use-final-remarks';
import { useSaveAssessment } from './use-save-assessment';
import { IdeationDetailAskedContext } from './use-set-answer';
import styles from './assessment-form.module.css';

export interface AssessmentFormComponentProps extends AssessmentFormProps {
  /**
   * Told whenever the form starts or stops holding something not saved, so
   * the opener can ask before its own close button (×, Escape) discards it.
   * (Not in the shared contract yet.)
   */
  onUnsavedChange?: (unsaved: boolean) => void;
  /**
   * Mounted by the embed, in a page we do not own: no shell shows /login when
   * the session ends, so a save refused for it is said in the form.
   */
  embedded?: boolean;
}

/**
 * The Columbia (C-SSRS, "since last visit") assessment of one student
 * (docs/screens-and-routes.md#routes and docs/columbia-assessment.md#the-form-flow): exposed as `./AssessmentForm`, opened in a
 * modal by the student's screens and mounted on its own by the embed. The
 * opener shows the title. The answers are kept as a draft while they are
 * given (docs/sign-in-and-sessions.md#drafts), and restored when the form
 * opens again for the same student after a session ended.
 */
export default function AssessmentForm(props: AssessmentFormComponentProps) {
  const prefix = useId();
  const fieldId = useMemo(() => fieldIdFactory(`assessment${prefix}`), [prefix]);
  const remarksId = fieldId('finalRemarks');
  const [pristine] = useState(emptyAssessmentAnswers);
  const draft = useDraft(`assessment:${props.studentId}`, pristine);
  const { submit, saved, isSaving, waitingForSession } = useSaveAssessment({
    studentId: props.studentId,
    onSaved: props.onSaved,
    fieldId,
    afterSaveFocusId: remarksId,
    quietWhenSessionEnds: !props.embedded,
    saveWhenSessionRenews: props.embedded === true,
  });
  const remarks = useFinalRemarks(saved, remarksId);
  const ideationDetailAsked = useRef(false);

  return (
    <FieldIdContext.Provider value={fieldId}>
      <IdeationDetailAskedContext.Provider value={ideationDetailAsked}>
        <Formik<AssessmentAnswers>
          initialValues={draft.initialValues}
          onSubmit={submit}
          validateOnChange={false}
          validateOnBlur={false}
        >
          <AssessmentFormBody
            {...props}
            saved={saved !== null}
            savedAssessment={saved}
            savedLevel={saved?.riskLevel}
            isSaving={isSaving}
            waitingForSession={waitingForSession}
            remarks={remarks}
            remarksId={remarksId}
            draft={draft}
          />
        </Formik>
      </IdeationDetailAskedContext.Provider>
    </FieldIdContext.Provider>
  );
}

interface BodyProps extends AssessmentFormComponentProps {
  draft: Draft<AssessmentAnswers>;
  saved: boolean;
  savedAssessment: SuicideAssessment | null;
  savedLevel?: RiskLevel;
  isSaving: boolean;
  /** The save waits for the host page's new token (embedded only). */
  waitingForSession: boolean;
  remarks: ReturnType<typeof useFinalRemarks>;
  remarksId: string;
}

function AssessmentFormBody({
  studentName,
  onClose,
  onUnsavedChange,
  saved,
  savedAssessment,
  savedLevel,
  isSaving,
  waitingForSession,
  remarks,
  remarksId,
  draft,
  embedded,
}: BodyProps) {
  const close = useCloseAsking({ saved, remarks, draft, onClose, onUnsavedChange });
  return (
    <div className={styles.form}>
      {studentName && (
        <p className={styles.student}>
          {MSG.assessment.studentColumn}: <strong>{studentName}</strong>
        </p>
      )}
      <AnswersForm
        saved={saved}
        draft={draft}
        savedLevel={savedLevel}
        isSaving={isSaving}
        waitingForSession={waitingForSession}
        onCancel={close}
      />
      {saved && (
        <AfterSaving
          savedAssessment={savedAssessment}
          remarks={remarks}
          remarksId={remarksId}
          embedded={embedded}
          onClose={close}
        />
      )}
    </div>
  );
}

/**
 * Whether closing loses anything, told to the page's guards and the host,
 * and the close that asks first when it does.
 */
function useCloseAsking({
  saved,
  remarks,
  draft,
  onClose,
  onUnsavedChange,
}: Pick<BodyProps, 'saved' | 'remarks' | 'draft' | 'onClose' | 'onUnsavedChange'>) {
  const { values } = useFormikContext<AssessmentAnswers>();
  const unsaved = saved ? remarks.unsaved : draft.isChanged(values);
  useLeaveGuard(unsaved);
  // A saved assessment is a clinical record: no draft of it stays.
  useEffect(() => {
    if (saved) draft.clear();
  }, [draft, saved]);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [onUnsavedChange, unsaved]);
  return useCallback(async () => {
    if (unsaved && !(await confirmDiscard())) return;
    onClose();
  }, [onClose, unsaved]);
}

interface AnswersFormProps extends Pick<
  BodyProps,
  'saved' | 'draft' | 'savedLevel' | 'isSaving' | 'waitingForSession'
> {
  onCancel: () => Promise<void>;
}

/** The scale's answers and the level they give; read-only once saved. */
function AnswersForm({
  saved,
  draft,
  savedLevel,
  isSaving,
  waitingForSession,
  onCancel,
}: AnswersFormProps) {
  return (
    <Form noValidate aria-label={MSG.assessment.title}>
      {!saved && <KeepDraft draft={draft} />}
      {!saved && draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
      {/* Once saved, the assessment is a clinical record: read-only (docs/permissions.md#clinical-records). */}
      <fieldset className={styles.answers} disabled={saved}>
        <IdeationSection />
        <IntensitySection />
        <BehaviourSection />
        <LethalitySection />
        <FormSection title={MSG.assessment.observationsSection}>
          <TextAnswer path="observations" label={MSG.assessment.observations} rows={4} />
        </FormSection>
      </fieldset>
      <EstimatedLevel savedLevel={savedLevel} />
      {!saved && waitingForSession && (
        <Notice tone="warning">{MSG.assessment.waitingForSession}</Notice>
      )}
      {!saved && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void onCancel()}>
            {MSG.common.cancel}
          </Button>
          <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
            {isSaving ? MSG.assessment.saving : MSG.assessment.save}
          </Button>
        </div>
      )}
    </Form>
  );
}

interface AfterSavingProps extends Pick<
  BodyProps,
  'savedAssessment' | 'remarks' | 'remarksId' | 'embedded'
> {
  onClose: () => Promise<void>;
}

/** What follows a saved assessment: its final remarks, the safety plan's call and the clinician's level. */
function AfterSaving({ savedAssessment, remarks, remarksId, embedded, onClose }: AfterSavingProps) {
  // The saved assessment as its clinician's level was recorded, once it is.
  const [graded, setGraded] = useState<SuicideAssessment | null>(null);
  return (
    <>
      <FinalRemarks
        remarks={remarks.remarks}
        editor={{
          textareaId: remarksId,
          draft: remarks.draft,
          error: remarks.error,
          isSaving: remarks.isSaving,
          onChange: remarks.change,
          onSave: () => void remarks.save(),
        }}
      />
      {/* Embedded in another site's page, the patients remote's screen is not there to link
          to; not announced: 'Evaluación Registrada' has just said the level and the protocol. */}
      {savedAssessment && !embedded && (
        <div className={styles.section}>
          <SafetyPlanCallout assessment={graded ?? savedAssessment} live={false} />
        </div>
      )}
      {savedAssessment && (
        <div className={styles.section}>
          <ClinicianLevelSection
            assessment={graded ?? savedAssessment}
            onRecorded={setGraded}
            byItsAuthor
          />
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void onClose()}>
          {MSG.assessment.close}
        </Button>
      </div>
    </>
  );
}
