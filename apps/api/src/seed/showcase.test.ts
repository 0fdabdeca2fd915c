import { GENDERS, studentCreateSchema } from '@psicocampus/shared/domain';
import {
  assessmentCreateSchema,
  assessmentProblems,
  computeRiskLevel,
  isHighRiskLevel,
  latestAttemptDate,
  normalizeAssessment,
  RISK_LEVELS,
  riskAnswersOf,
  type AssessmentAnswers,
  type RiskLevel,
} from '@psicocampus/shared/columbia';
import {
  buildShowcase,
  isWorkingSlot,
  SHOWCASE_CASELOAD,
  SHOWCASE_UNASSIGNED,
  STUDENT_EMAIL_DOMAIN,
  type ShowcaseRows,
} from './showcase';
import { clinicianLevelSchema } from '@psicocampus/shared/clinician-level';
import { CAREERS, FEMALE_NAMES, MALE_NAMES, NEUTRAL_NAMES, SURNAMES } from './showcase-vocabulary';

const DAY_MS = 86_400_000;
const YEAR_AGO_MS = 365 * DAY_MS;

const PSYCHOLOGISTS = [
  { id: 'p1', studentIds: ['b1', 'b2', 'b3', 'b4'] },
  { id: 'p2', studentIds: ['b5', 'b6', 'b7'] },
];

function build(now: Date): ShowcaseRows {
  let serial = 0;
  return buildShowcase({
    now,
    psychologists: PSYCHOLOGISTS,
    newId: () => `id-${(serial += 1)}`,
  });
}

/** Moments that move the rules' edges: a working morning, a weekend, a month's first minutes, a year's last. */
const MOMENTS = [
  new Date(2026, 10, 23, 10, 15),
  new Date(2026, 10, 28, 12, 0),
  new Date(2026, 11, 1, 0, 30),
  new Date(2026, 11, 31, 23, 59),
  new Date(2027, 2, 1, 16, 40),
];

describe.each(MOMENTS.map((now) => [now.toString(), now] as const))(
  'the showcase at %s',
  (_, now) => {
    const rows = build(now);
    const nowMs = now.getTime();
    const within12Months = (moment: Date | undefined) =>
      moment!.getTime() <= nowMs && moment!.getTime() > nowMs - YEAR_AGO_MS;
    const caseloadOf = (psychologistId: string) => [
      ...PSYCHOLOGISTS.find((item) => item.id === psychologistId)!.studentIds,
      ...rows.students
        .filter((student) => student.assignedPsychologistId === psychologistId)
        .map((student) => student.id),
    ];

    it('gives each psychologist about 40 students of every gender, many careers and semesters', () => {
      for (const psychologist of PSYCHOLOGISTS) {
        expect(caseloadOf(psychologist.id)).toHaveLength(SHOWCASE_CASELOAD);
        const own = rows.students.filter((s) => s.assignedPsychologistId === psychologist.id);
        expect(new Set(own.map((s) => s.gender))).toEqual(new Set(GENDERS));
        expect(new Set(own.map((s) => s.career)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(own.map((s) => s.careerLevel)).size).toBeGreaterThanOrEqual(6);
        expect(own.some((s) => s.employmentStatus === 'EMPLEADO')).toBe(true);
      }
      expect(rows.students.filter((s) => s.assignedPsychologistId === null)).toHaveLength(
        SHOWCASE_UNASSIGNED,
      );
    });

    it('invents every student from the fixed lists, valid for the student form, on the demo domain', () => {
      const firstNames = new Set<string>([...FEMALE_NAMES, ...MALE_NAMES, ...NEUTRAL_NAMES]);
      for (const student of rows.students) {
        expect(firstNames).toContain(student.firstName);
        for (const surname of student.lastName.split(' ')) expect(SURNAMES).toContain(surname);
        expect(CAREERS).toContain(student.career);
        expect(student.email.endsWith(`@${STUDENT_EMAIL_DOMAIN}`)).toBe(true);
        expect(() => studentCreateSchema.validateSync(student, { strict: false })).not.toThrow();
        expect(within12Months(student.createdAt as Date)).toBe(true);
      }
      const emails = rows.students.map((s) => s.email.toLowerCase());
      expect(new Set(emails).size).toBe(emails.length);
    });

    it("stores each assessment's level as the shared engine computes it from its answers", () => {
      expect(rows.assessments.length).toBeGreaterThan(SHOWCASE_CASELOAD);
      for (const assessment of rows.assessments) {
        const answers = assessment.answers as AssessmentAnswers;
        expect(normalizeAssessment(answers)).toEqual(answers);
        expect(assessment.riskLevel).toBe(computeRiskLevel(riskAnswersOf(answers)));
        expect(within12Months(assessment.createdAt as Date)).toBe(true);
        const maxDate = latestAttemptDate(assessment.createdAt as Date);
        if (assessment.riskLevel === 'INDETERMINADO') {
          // An interview cut short: only the behaviour answers are missing.
          expect(assessmentProblems(answers, maxDate).map((p) => p.field)).toEqual([
            'actualAttempt.present',
            'interruptedAttempt.present',
            'abortedAttempt.present',
            'preparatoryActs.present',
          ]);
        } else {
          // What the server's own validation would have accepted on that day.
          expect(() =>
            assessmentCreateSchema(maxDate).validateSync({
              ...answers,
              student: crypto.randomUUID(),
            }),
          ).not.toThrow();
        }
      }
    });

    it("records a clinician's level on some high assessments, confirming the scale's, valid for the shared schema", () => {
      const graded = rows.assessments.filter((assessment) => assessment.clinicianLevel);
      expect(graded.length).toBeGreaterThan(0);
      for (const assessment of graded) {
        expect(isHighRiskLevel(assessment.riskLevel)).toBe(true);
        expect(assessment.clinicianLevel).toBe(assessment.riskLevel);
        expect(assessment.clinicianLevelBy).toBe(assessment.authorId);
        expect(
          (assessment.clinicianLevelAt as Date).getTime() -
            (assessment.createdAt as Date).getTime(),
        ).toBeGreaterThan(0);
        expect(() =>
          clinicianLevelSchema.validateSync({
            level: assessment.clinicianLevel,
            reason: assessment.clinicianReason,
          }),
        ).not.toThrow();
      }
    });

    it("covers every risk level (docs/columbia-assessment.md#risk-levels) with each psychologist's students' latest assessments", () => {
      for (const psychologist of PSYCHOLOGISTS) {
        const latest = new Map<string, { at: number; level: RiskLevel }>();
        for (const assessment of rows.assessments) {
          if (!caseloadOf(psychologist.id).includes(assessment.studentId)) continue;
          expect(assessment.authorId).toBe(psychologist.id);
          const at = (assessment.createdAt as Date).getTime();
          const seen = latest.get(assessment.studentId);
          if (!seen || seen.at < at) {
            latest.set(assessment.studentId, { at, level: assessment.riskLevel as RiskLevel });
          }
        }
        expect(new Set([...latest.values()].map((item) => item.level))).toEqual(
          new Set(RISK_LEVELS),
        );
      }
    });

    it('books every appointment on working hours, past ones within 12 months, upcoming ones ahead', () => {
      for (const psychologist of PSYCHOLOGISTS) {
        const own = rows.appointments.filter((a) => a.psychologistId === psychologist.id);
        for (const appointment of own) {
          expect(isWorkingSlot(appointment.date)).toBe(true);
          expect(appointment.date.getTime()).toBeGreaterThan(nowMs - YEAR_AGO_MS);
          expect((appointment.createdAt as Date).getTime()).toBeLessThanOrEqual(nowMs);
          expect(caseloadOf(psychologist.id)).toContain(appointment.studentId);
        }
        const upcoming = own.filter((a) => a.date.getTime() > nowMs);
        expect(upcoming.length).toBeGreaterThanOrEqual(5);
        expect(upcoming.every((a) => a.date.getTime() < nowMs + 31 * DAY_MS)).toBe(true);
        expect(own.length - upcoming.length).toBeGreaterThanOrEqual(SHOWCASE_CASELOAD);
        // One psychologist, one student at a time.
        const starts = own.map((a) => a.date.getTime());
        expect(new Set(starts).size).toBe(starts.length);
      }
    });

    it('books nothing for a student after the completed suicide recorded for them', () => {
      for (const event of rows.assessments.filter((a) => a.riskLevel === 'NO_APLICA')) {
        const later = rows.appointments.filter(
          (a) =>
            a.studentId === event.studentId &&
            a.date.getTime() >= (event.createdAt as Date).getTime(),
        );
        expect(later).toEqual([]);
      }
    });

    it('writes notes and final remarks in the past, by the psychologist of the student', () => {
      for (const note of rows.notes) {
        expect(within12Months(note.createdAt as Date)).toBe(true);
        const psychologist = PSYCHOLOGISTS.find((p) => caseloadOf(p.id).includes(note.studentId))!;
        expect(note.authorId).toBe(psychologist.id);
      }
      expect(rows.notes.length).toBeGreaterThan(SHOWCASE_CASELOAD);
      for (const remark of rows.remarks) {
        const assessment = rows.assessments.find((a) => a.id === remark.assessmentId)!;
        expect(remark.authorId).toBe(assessment.authorId);
        const at = (remark.createdAt as Date).getTime();
        expect(at).toBeGreaterThan((assessment.createdAt as Date).getTime());
        expect(at).toBeLessThanOrEqual(nowMs);
      }
    });

    it('dates the basic students before their first session', () => {
      for (const { id, createdAt } of rows.backdated) {
        const first = Math.min(
          ...rows.appointments.filter((a) => a.studentId === id).map((a) => a.date.getTime()),
        );
        expect(createdAt.getTime()).toBeLessThan(first);
        expect(within12Months(createdAt)).toBe(true);
      }
    });
  },
);

it('is the same showcase on every first start at the same moment', () => {
  const strip = (rows: ShowcaseRows) => JSON.stringify(rows);
  expect(strip(build(MOMENTS[0]!))).toBe(strip(build(MOMENTS[0]!)));
});
