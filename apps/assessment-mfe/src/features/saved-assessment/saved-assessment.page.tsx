import { useParams } from 'react-router-dom';
import {
  assessmentContradictions,
  errorMessage,
  formatDateTime,
  fullName,
  MSG,
  useAssessmentQuery,
  useStudentQuery,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  BackLink,
  Button,
  DefinitionList,
  LoadingMessage,
  Notice,
  PageHeader,
  SectionCard,
} from '@psicocampus/shared/ui';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { studentEvaluationsPath } from '../../lib/paths';
import { ClinicianLevelContent } from '../../components/clinician-level/clinician-level.component';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { EvaluationRemarks } from '../../components/evaluation-remarks/evaluation-remarks.component';
import { SafetyPlanCallout } from '../../components/safety-plan-callout/safety-plan-callout.component';
import { AssessmentAnswers } from './assessment-answers.component';
import { ContradictionsNotice } from './contradictions-notice.component';
import { assessmentLevelItems } from './assessment-levels';
import styles from './saved-assessment.module.css';

const M = MSG.assessment;
const S = MSG.savedAssessment;

/**
 * evaluacion/:id (docs/columbia-assessment.md#the-saved-assessment): one saved assessment on a screen of its own, reached from the
 * student's evaluations (the student detail and studenteva/:id) and from 'Evaluaciones'.
 * Every answer as the PDF prints it, the level with its date and author and the
 * decision-aid line, the final remarks (every entry; its author may add one at any
 * time), and both PDFs. The server answers only for an own student's assessment.
 */
export default function SavedAssessmentPage() {
  const { id = '' } = useParams();
  const query = useAssessmentQuery(id, { skip: !id });
  const assessment = query.data?.assessment;
  // The student detail has usually asked for the same record: the cache answers.
  const { data: studentData } = useStudentQuery(assessment?.studentId ?? '', {
    skip: !assessment,
  });
  const { studentReport, assessmentReport, busy } = usePdfReports();
  const student = studentData?.student;

  return (
    <>
      <PageHeader
        before={
          assessment && (
            <BackLink
              to={studentEvaluationsPath(assessment.studentId)}
              label={S.backToEvaluations}
            />
          )
        }
        title={S.title}
        subtitle={student ? fullName(student) : undefined}
        actions={
          assessment && (
            <>
              <Button
                variant="secondary"
                onClick={() => void studentReport(student?._id ?? null)}
                disabled={busy === 'general'}
              >
                {M.generalReport}
              </Button>
              <Button
                onClick={() => void assessmentReport(assessment._id)}
                disabled={busy === assessment._id}
              >
                {M.downloadDetails}
              </Button>
            </>
          )
        }
      />
      {query.isLoading ? (
        <LoadingMessage text={MSG.common.loading} />
      ) : query.isError || !assessment ? (
        <Notice tone="error">
          <p>{errorMessage(query.error, S.loadError)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      ) : (
        <SavedAssessmentSections assessment={assessment} plan={student?.safetyPlan} />
      )}
    </>
  );
}

interface SectionsProps {
  assessment: SuicideAssessment;
  plan: Parameters<typeof SafetyPlanCallout>[0]['plan'];
}

/** The saved assessment itself: its summary, the clinician's level, every answer and the remarks. */
function SavedAssessmentSections({ assessment, plan }: SectionsProps) {
  return (
    <div className={styles.sections}>
      <ContradictionsNotice contradictions={assessmentContradictions(assessment)} />
      <SafetyPlanCallout assessment={assessment} plan={plan} />
      <SectionCard title={S.summary}>
        <DefinitionList
          items={[
            { term: M.dateColumn, description: formatDateTime(assessment.createdAt) },
            {
              term: M.authorColumn,
              description: assessment.createdBy
                ? fullName(assessment.createdBy)
                : MSG.common.notAssigned,
            },
            ...assessmentLevelItems(assessment),
          ]}
        />
        <p className={styles.decisionAid}>{M.decisionAid}</p>
      </SectionCard>
      <SectionCard title={CLINICIAN_LEVEL_MSG.title}>
        <ClinicianLevelContent assessment={assessment} />
      </SectionCard>
      <AssessmentAnswers assessment={assessment}>
        <EvaluationRemarks assessment={assessment} level={3} />
      </AssessmentAnswers>
    </div>
  );
}
