import { Link } from 'react-router-dom';
import {
  EMPLOYMENT_LABELS,
  formatIncome,
  fullName,
  GENDER_LABELS,
  MSG,
  REMOTE_PATHS,
  SEMESTER_LABELS,
  type StudentSummary,
} from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import {
  DefinitionList,
  EmailAddress,
  RiskBadge,
  RiskLevelBadge,
  SectionCard,
} from '@psicocampus/shared/ui';
import styles from './student-detail.module.css';

const L = MSG.students.labels;

/**
 * 'Nivel de riesgo actual:' and the level of the latest assessment with its
 * date, a link to that assessment, or 'Sin evaluación', for the
 * detail's header: a line of its own under the career. A clinician's level
 * recorded on that assessment shows beside the scale's.
 */
export function StudentRiskLine({ student }: { student: StudentSummary }) {
  const risk = student.latestRisk;
  return (
    <span className={styles.riskLine}>
      <span>{MSG.currentRisk.label}</span>{' '}
      {risk ? (
        <Link
          to={REMOTE_PATHS.savedAssessment(risk.assessmentId)}
          className={styles.riskLink}
          title={MSG.currentRisk.openAssessment}
        >
          {risk.clinicianLevel && (
            <>
              <span className={styles.riskSource}>{CLINICIAN_LEVEL_MSG.engineShort}</span>{' '}
            </>
          )}
          <RiskBadge risk={risk} />
          {risk.clinicianLevel && (
            <>
              {' '}
              <span className={styles.riskSource}>{CLINICIAN_LEVEL_MSG.clinicianShort}</span>{' '}
              <RiskLevelBadge level={risk.clinicianLevel} />
            </>
          )}
        </Link>
      ) : (
        <RiskBadge risk={null} />
      )}
    </span>
  );
}

/**
 * The student's record in blocks (docs/screens-and-routes.md#student-detail): personal, academic, employment,
 * and the assigned psychologist only when there is one.
 */
export function StudentProfile({ student }: { student: StudentSummary }) {
  const psychologist = student.assignedPsychologist;
  return (
    <div className={styles.profile}>
      <SectionCard title={MSG.students.personalInfo}>
        <DefinitionList
          items={[
            { term: L.age, description: MSG.students.ageYears(student.age) },
            { term: L.gender, description: GENDER_LABELS[student.gender] },
            { term: L.city, description: student.city },
            { term: L.phone, description: student.phone },
            { term: L.email, description: <EmailAddress address={student.email} /> },
          ]}
        />
      </SectionCard>

      <SectionCard title={MSG.students.academicInfo}>
        <p className={styles.lead}>
          {MSG.students.semester(SEMESTER_LABELS[student.level ?? student.careerLevel])}
        </p>
        <DefinitionList items={[{ term: L.career, description: student.career }]} />
      </SectionCard>

      <SectionCard title={MSG.students.employment}>
        <DefinitionList
          items={[
            {
              term: MSG.students.employmentState,
              description: EMPLOYMENT_LABELS[student.employmentStatus],
            },
            {
              term: MSG.students.income,
              description: formatIncome(student.income) ?? MSG.common.notSpecified,
            },
          ]}
        />
      </SectionCard>

      {psychologist && (
        <SectionCard title={MSG.students.assignedPsychologist}>
          <DefinitionList
            items={[
              { term: MSG.profile.name, description: fullName(psychologist) },
              { term: L.email, description: <EmailAddress address={psychologist.email} /> },
            ]}
          />
        </SectionCard>
      )}
    </div>
  );
}
