import { useId } from 'react';
import {
  formatDateTime,
  fullName,
  MSG,
  RISK_LEVELS,
  selectSessionUser,
  useAppSelector,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  CLINICIAN_LEVEL_MSG as C,
  CLINICIAN_REASON_MAX,
  clinicianLevelSchema,
  completesAssessment,
  type ClinicianLevel,
} from '@psicocampus/shared/clinician-level';
import { Form, Formik, SelectField, TextAreaField } from '@psicocampus/shared/forms';
import { Button, DefinitionList, RiskLevelBadge } from '@psicocampus/shared/ui';
import {
  EMPTY_CLINICIAN_LEVEL,
  useRecordClinicianLevel,
  type ClinicianLevelValues,
} from './use-record-clinician-level';
import styles from './clinician-level.module.css';

const LEVEL_OPTIONS = RISK_LEVELS.map((level) => ({
  value: level,
  label: MSG.assessment.levels[level],
}));

const REASON_ROWS = 4;

interface Props {
  assessment: SuicideAssessment;
  /** The heading's level where the section sits. */
  level?: 3 | 4;
  /** Told the assessment as the server answered the recording. */
  onRecorded?: (assessment: SuicideAssessment) => void;
  /**
   * The form that has just saved it: its author is at the keyboard, also
   * when embedded in a page that keeps no session user.
   */
  byItsAuthor?: boolean;
}

/**
 * 'Nivel clínico' of a saved assessment
 * (docs/columbia-assessment.md#clinicians-level): once recorded, both levels
 * side by side with the reason, who and when; before, for the assessment's
 * author, the form that records it (once).
 */
export function ClinicianLevelSection({ level = 3, ...props }: Props) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {C.title}
      </Heading>
      <ClinicianLevelContent {...props} />
    </section>
  );
}

/** The section's content without its heading, for a screen that titles it itself. */
export function ClinicianLevelContent({
  assessment,
  onRecorded,
  byItsAuthor = false,
}: Omit<Props, 'level'>) {
  const me = useAppSelector(selectSessionUser);
  const isAuthor = byItsAuthor || completesAssessment(assessment.createdBy?._id, me?.id);
  const recorded = assessment.clinicianLevel;
  if (recorded) return <RecordedLevels assessment={assessment} recorded={recorded} />;
  if (isAuthor) return <ClinicianLevelForm assessment={assessment} onRecorded={onRecorded} />;
  return <p className={styles.hint}>{C.noneYet}</p>;
}

function RecordedLevels({
  assessment,
  recorded,
}: {
  assessment: SuicideAssessment;
  recorded: ClinicianLevel;
}) {
  const who = recorded.by ? fullName(recorded.by) : MSG.common.notAssigned;
  return (
    <>
      <div className={styles.levels}>
        <DefinitionList
          items={[
            { term: C.engineLevel, description: <RiskLevelBadge level={assessment.riskLevel} /> },
            { term: C.clinicianLevel, description: <RiskLevelBadge level={recorded.level} /> },
          ]}
        />
      </div>
      <DefinitionList items={[{ term: C.reasonLabel, description: recorded.reason }]} />
      <p className={styles.meta}>
        <time dateTime={recorded.at}>{C.recordedBy(who, formatDateTime(recorded.at))}</time>
      </p>
    </>
  );
}

function ClinicianLevelForm({
  assessment,
  onRecorded,
}: {
  assessment: SuicideAssessment;
  onRecorded?: (assessment: SuicideAssessment) => void;
}) {
  const submit = useRecordClinicianLevel(assessment, onRecorded);
  return (
    <Formik<ClinicianLevelValues>
      initialValues={EMPTY_CLINICIAN_LEVEL}
      validationSchema={clinicianLevelSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.form}>
          <p className={styles.hint}>{C.intro}</p>
          <SelectField
            name="level"
            label={C.levelLabel}
            options={LEVEL_OPTIONS}
            placeholder={C.choose}
            required
          />
          <TextAreaField
            name="reason"
            label={C.reasonLabel}
            hint={C.reasonHint}
            rows={REASON_ROWS}
            maxLength={CLINICIAN_REASON_MAX}
            required
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? C.saving : C.save}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
