import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  errorMessage,
  fullName,
  MSG,
  useSafetyPlanQuery,
  useStudentQuery,
} from '@psicocampus/shared';
import { SAFETY_PLAN_MSG, type SafetyPlan } from '@psicocampus/shared/safety-plan';
import {
  BackLink,
  Button,
  LoadingMessage,
  Notice,
  PageHeader,
  SectionCard,
} from '@psicocampus/shared/ui';
import { EarlierRevisionCard } from './earlier-revision-card.component';
import { SafetyPlanForm } from './safety-plan-form.component';
import { SafetyPlanRevisions } from './safety-plan-revisions.component';
import { useSafetyPlanPdf } from './use-safety-plan-pdf';
import { versionLine } from './version-line';
import styles from './safety-plan.module.css';

const P = SAFETY_PLAN_MSG;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `patients/:id/safety-plan` (docs/screens-and-routes.md#safety-plan): the student's safety plan, written
 * with them in Stanley and Brown's seven steps. The version in force is
 * edited in place (each save a new version); `?version=N` shows an earlier
 * one as it was saved; `?assessment=<id>` (the link of 'Evaluación
 * Registrada') names the assessment that asked for it. 'Descargar PDF' gives
 * the page to hand to the student.
 */
export default function SafetyPlanPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const viewing = Number(search.get('version')) || undefined;
  const fromAssessment = search.get('assessment');
  const assessmentId = fromAssessment && UUID.test(fromAssessment) ? fromAssessment : null;

  const { data: studentData } = useStudentQuery(id, { skip: !id });
  const current = useSafetyPlanQuery({ studentId: id }, { skip: !id });
  const earlier = useSafetyPlanQuery(
    { studentId: id, version: viewing },
    { skip: !id || viewing === undefined },
  );
  const { downloading, pdf } = useSafetyPlanPdf(id, viewing);
  // The revision the form starts from: the one in force when the screen
  // loaded, then each one it saves; a refresh after a 409 does not replace
  // it, so the text typed stays.
  const [formPlan, setFormPlan] = useState<{ plan: SafetyPlan | null } | null>(null);
  const inForce = current.data?.safetyPlan ?? null;
  if (!formPlan && current.data && !current.isFetching) setFormPlan({ plan: inForce });

  const student = studentData?.student;
  const back = <BackLink to=".." relative="path" label={P.backToDetail} />;
  const shown = viewing === undefined ? inForce : (earlier.data?.safetyPlan ?? null);

  return (
    <div className={styles.page}>
      <PageHeader
        title={P.title}
        subtitle={student ? fullName(student) : undefined}
        before={back}
        actions={
          shown && (
            <Button variant="secondary" onClick={() => void pdf()} disabled={downloading}>
              {P.downloadPdf}
            </Button>
          )
        }
      />
      {current.isLoading || (viewing !== undefined && earlier.isLoading) ? (
        <LoadingMessage text={P.loading} />
      ) : current.isError || (viewing !== undefined && earlier.isError) ? (
        <Notice tone="error">
          <p>{errorMessage(current.error ?? earlier.error, P.loadError)}</p>
          <Button variant="secondary" onClick={() => void current.refetch()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      ) : (
        <>
          {viewing !== undefined && shown ? (
            <EarlierRevisionCard plan={shown} />
          ) : (
            formPlan && (
              <SectionCard title={inForce ? versionLine(inForce) : P.none}>
                <p className={styles.intro}>{P.intro}</p>
                {assessmentId && <p className={styles.intro}>{P.fromAssessment}</p>}
                <SafetyPlanForm
                  key={formPlan.plan?.version ?? 0}
                  studentId={id}
                  plan={formPlan.plan}
                  currentVersion={inForce?.version ?? 0}
                  assessmentId={assessmentId}
                  onSaved={(plan) => setFormPlan({ plan })}
                  onStale={() => void current.refetch()}
                  onDiscard={() => setFormPlan({ plan: inForce })}
                />
              </SectionCard>
            )
          )}
          {current.data && current.data.revisionsTotal > 0 && (
            <SafetyPlanRevisions studentId={id} plan={current.data} />
          )}
        </>
      )}
    </div>
  );
}
