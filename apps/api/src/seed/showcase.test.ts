import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { APPOINTMENT_STATUSES, GENDERS, studentCreateSchema } from '@psicocampus/shared/domain';
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
  SHOWCASE_CASELOAD,
  SHOWCASE_UNASSIGNED,
  SHOWCASE_UNRECORDED,
  STUDENT_EMAIL_DOMAIN,
  type ShowcaseRows,
} from './showcase';
import { clinicianLevelSchema } from '@psicocampus/shared/clinician-level';
import { serviceCalendar } from './service-calendar';
import {
  CANCEL_REASONS,
  CAREERS,
  FEMALE_NAMES,
  MALE_NAMES,
  NEUTRAL_NAMES,
  SURNAMES,
} from './showcase-vocabulary';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const YEAR_AGO_MS = 365 * DAY_MS;
/** The service's zone of these tests: SERVICE_TIME_ZONE's default. */
const ZONE = 'America/Guayaquil';

const PSYCHOLOGISTS = [
  { id: 'p1', studentIds: ['b1', 'b2', 'b3', 'b4'] },
  { id: 'p2', studentIds: ['b5', 'b6', 'b7'] },
];

function build(now: Date, timeZone = ZONE): ShowcaseRows {
  let serial = 0;
  return buildShowcase({
    now,
    timeZone,
    psychologists: PSYCHOLOGISTS,
    newId: () => `id-${(serial += 1)}`,
  });
}

/** A moment on the service's clock: `minute` past midnight of that day in ZONE. */
const inService = (year: number, month: number, day: number, minute: number) =>
  serviceCalendar(ZONE).at({ year, month, day }, minute);

/**
 * Moments that move the rules' edges, on the service's clock: a working
 * morning, a weekend, a month's first minutes, a year's last, a working
 * afternoon's last bookable half hour gone.
 */
const MOMENTS = [
  inService(2026, 11, 23, 10 * 60 + 15),
  inService(2026, 11, 28, 12 * 60),
  inService(2026, 12, 1, 30),
  inService(2026, 12, 31, 23 * 60 + 59),
  inService(2027, 3, 1, 16 * 60 + 40),
];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Whether an appointment of `minutes` starts on a working half hour of
 * `zone` (Monday to Friday, 08:00 to 16:30) and ends by 17:20: read with
 * Intl, apart from the showcase's own calendar.
 */
function onWorkingHours(date: Date, minutes: number, zone: string): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const weekday = WEEKDAYS.indexOf(parts.weekday!);
  const start = Number(parts.hour) * 60 + Number(parts.minute);
  return (
    weekday >= 1 &&
    weekday <= 5 &&
    start >= 8 * 60 &&
    start <= 16 * 60 + 30 &&
    start % 30 === 0 &&
    Number(parts.second) === 0 &&
    date.getUTCMilliseconds() === 0 &&
    start + minutes <= 17 * 60 + 20
  );
}

/** An appointment's status: a row without one is inserted as the table's default. */
const statusOf = (appointment: ShowcaseRows['appointments'][number]) =>
  appointment.status ?? 'SCHEDULED';

const ends = (appointment: ShowcaseRows['appointments'][number]) =>
  appointment.date.getTime() + (appointment.durationMinutes ?? 50) * MINUTE_MS;

describe.each(MOMENTS.map((now) => [now.toISOString(), now] as const))(
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

    it("books every appointment on the service's working hours, past ones within 12 months, upcoming ones ahead", () => {
      for (const psychologist of PSYCHOLOGISTS) {
        const own = rows.appointments.filter((a) => a.psychologistId === psychologist.id);
        for (const appointment of own) {
          expect(onWorkingHours(appointment.date, appointment.durationMinutes!, ZONE)).toBe(true);
          expect(appointment.date.getTime()).toBeGreaterThan(nowMs - YEAR_AGO_MS);
          expect((appointment.createdAt as Date).getTime()).toBeLessThanOrEqual(nowMs);
          expect(caseloadOf(psychologist.id)).toContain(appointment.studentId);
        }
        const upcoming = own.filter((a) => a.date.getTime() > nowMs);
        expect(upcoming.length).toBeGreaterThanOrEqual(5);
        expect(upcoming.every((a) => a.date.getTime() < nowMs + 31 * DAY_MS)).toBe(true);
        expect(own.length - upcoming.length).toBeGreaterThanOrEqual(SHOWCASE_CASELOAD);
        // One psychologist, one student at a time: no two sessions share a minute.
        const sorted = [...own].sort((a, b) => a.date.getTime() - b.date.getTime());
        sorted.slice(1).forEach((appointment, index) => {
          expect(appointment.date.getTime()).toBeGreaterThanOrEqual(ends(sorted[index]!));
        });
      }
    });

    it('gives every past appointment its outcome, but a few left to record, and keeps the upcoming ones scheduled', () => {
      for (const psychologist of PSYCHOLOGISTS) {
        const own = rows.appointments.filter((a) => a.psychologistId === psychologist.id);
        const ended = own.filter((a) => ends(a) <= nowMs);
        const unrecorded = ended.filter((a) => statusOf(a) === 'SCHEDULED');
        // Left on purpose to show "sin registrar asistencia": recent ones, of different students.
        expect(unrecorded).toHaveLength(SHOWCASE_UNRECORDED);
        expect(new Set(unrecorded.map((a) => a.studentId)).size).toBe(SHOWCASE_UNRECORDED);
        for (const appointment of unrecorded) {
          expect(appointment.date.getTime()).toBeGreaterThan(nowMs - 8 * DAY_MS);
          expect(appointment.statusChangedAt ?? null).toBeNull();
        }
        for (const appointment of own.filter((a) => a.date.getTime() > nowMs)) {
          expect(statusOf(appointment)).toBe('SCHEDULED');
        }
        const outcomes = ended.filter((a) => statusOf(a) !== 'SCHEDULED');
        expect(new Set(outcomes.map(statusOf))).toEqual(
          new Set(APPOINTMENT_STATUSES.filter((status) => status !== 'SCHEDULED')),
        );
        for (const appointment of outcomes) {
          const closedAt = (appointment.statusChangedAt as Date).getTime();
          expect(closedAt).toBeLessThanOrEqual(nowMs);
          expect(closedAt).toBeGreaterThanOrEqual((appointment.createdAt as Date).getTime());
          expect(appointment.version).toBe(2);
          if (appointment.status === 'CANCELLED') {
            expect(['STUDENT', 'SERVICE']).toContain(appointment.cancelledBy);
            expect(CANCEL_REASONS[appointment.cancelledBy as 'STUDENT' | 'SERVICE']).toContain(
              appointment.cancelReason,
            );
            expect(closedAt).toBeLessThan(appointment.date.getTime());
          } else {
            // Recorded once the session was over.
            expect(closedAt).toBeGreaterThanOrEqual(ends(appointment));
            expect(appointment.cancelledBy ?? null).toBeNull();
            expect(appointment.cancelReason ?? null).toBeNull();
          }
        }
      }
      // A session with a note or an assessment after it was attended.
      for (const note of rows.notes) {
        const session = rows.appointments.find(
          (a) =>
            a.studentId === note.studentId &&
            a.date.getTime() + 50 * MINUTE_MS === (note.createdAt as Date).getTime(),
        );
        expect(session?.status).toBe('ATTENDED');
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

it("books the service's working hours whatever the machine's zone, and the same showcase in each", () => {
  const now = MOMENTS[0]!;
  // A process per machine zone: the clock of a running process is fixed when it starts.
  const script = `
    const { buildShowcase } = require(${JSON.stringify(path.join(__dirname, 'showcase.ts'))});
    let serial = 0;
    const rows = buildShowcase({
      now: new Date(${now.getTime()}),
      timeZone: ${JSON.stringify(ZONE)},
      psychologists: ${JSON.stringify(PSYCHOLOGISTS)},
      newId: () => 'id-' + (serial += 1),
    });
    process.stdout.write(JSON.stringify(rows.appointments.map((a) => [a.date, a.durationMinutes])));
  `;
  const bookedOn = (machineZone: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, TZ: machineZone },
      encoding: 'utf8',
    });
  const onUtc = bookedOn('UTC');
  expect(bookedOn('Asia/Tokyo')).toBe(onUtc);
  expect(bookedOn('America/Guayaquil')).toBe(onUtc);
  const booked = JSON.parse(onUtc) as Array<[string, number]>;
  expect(booked.length).toBeGreaterThan(2 * SHOWCASE_CASELOAD);
  for (const [date, minutes] of booked) {
    expect(onWorkingHours(new Date(date), minutes, ZONE)).toBe(true);
  }
}, 60_000);

it("books another service's zone on that zone's working hours, across its summer time", () => {
  const madrid = serviceCalendar('Europe/Madrid');
  const rows = build(madrid.at({ year: 2026, month: 4, day: 8 }, 9 * 60), 'Europe/Madrid');
  for (const appointment of rows.appointments) {
    expect(onWorkingHours(appointment.date, appointment.durationMinutes!, 'Europe/Madrid')).toBe(
      true,
    );
  }
});

it('is the same showcase on every first start at the same moment', () => {
  const strip = (rows: ShowcaseRows) => JSON.stringify(rows);
  expect(strip(build(MOMENTS[0]!))).toBe(strip(build(MOMENTS[0]!)));
});
