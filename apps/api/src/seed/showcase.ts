import { GENDERS, SEMESTERS, type Gender } from '@psicocampus/shared/domain';
import { isHighRiskLevel, RISK_LEVELS, type RiskLevel } from '@psicocampus/shared/columbia';
import type {
  appointments,
  assessmentRemarks,
  clinicalNotes,
  students,
  suicideAssessments,
} from '../db/schema';
import { createRandom, type Random } from './random';
import { showcaseAssessment } from './showcase-answers';
import {
  APPOINTMENT_NOTES,
  APPOINTMENT_REASONS,
  CAREERS,
  CITIES,
  FEMALE_NAMES,
  FOLLOW_UP_NOTES,
  MALE_NAMES,
  NEUTRAL_NAMES,
  CLINICIAN_REASONS,
  REMARKS,
  SESSION_NOTES,
  SURNAMES,
} from './showcase-vocabulary';

/**
 * The showcase (`SEED_DEMO=showcase`): a realistic caseload for each demo
 * psychologist, so that a first start shows a full home page, statistics,
 * reports and history. Built by rules from a fixed seed, relative to `now`,
 * and checked by showcase.test.ts:
 *
 * - about 40 students per psychologist, with invented names (a first name
 *   and surnames drawn from fixed lists), e-mails on the demo domain, and
 *   every gender, several careers and semesters;
 * - past appointments within the last 12 months and upcoming ones, all on
 *   working hours (Monday to Friday, 08:00–16:30 starts, local time);
 * - clinical notes after sessions, by the psychologist;
 * - Columbia assessments within the last 12 months whose level is the
 *   shared engine's, the latest of each psychologist's students covering
 *   every level of docs/columbia-assessment.md#risk-levels; final remarks
 *   on some high ones, and on some of those a clinician's level that
 *   confirms the scale's;
 * - a few students not yet assigned, for the administrator's assignment
 *   screen.
 *
 * No audit rows: the trail records what people did through the product.
 */

export const SHOWCASE_SEED = 20_261_115;
/** Students per demo psychologist, counting the basic demo students they already have. */
export const SHOWCASE_CASELOAD = 40;
export const SHOWCASE_UNASSIGNED = 3;
export const STUDENT_EMAIL_DOMAIN = 'estudiantes.psicocampus.test';

/** Appointment starts: every half hour from 08:00 to 16:30, Monday to Friday. */
export const WORKDAY_FIRST_MINUTE = 8 * 60;
export const WORKDAY_LAST_MINUTE = 16 * 60 + 30;
const SLOT_MINUTES = 30;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The oldest activity, in days: well inside the statistics' 12 calendar months. */
const HISTORY_DAYS = 320;

type StudentRow = typeof students.$inferInsert & { id: string };
type NoteRow = typeof clinicalNotes.$inferInsert;
type AppointmentRow = typeof appointments.$inferInsert;
type AssessmentRow = typeof suicideAssessments.$inferInsert & { id: string };
type RemarkRow = typeof assessmentRemarks.$inferInsert;

export interface ShowcaseInput {
  now: Date;
  /** Each demo psychologist and the ids of the students they already have. */
  psychologists: Array<{ id: string; studentIds: string[] }>;
  newId(): string;
}

export interface ShowcaseRows {
  /** Without `searchKey`: the writer computes it as every insert does. */
  students: StudentRow[];
  notes: NoteRow[];
  appointments: AppointmentRow[];
  assessments: AssessmentRow[];
  remarks: RemarkRow[];
  /** The basic students' new `createdAt`: before their first session. */
  backdated: Array<{ id: string; createdAt: Date }>;
}

/** Whether a moment is an appointment start the showcase may use (local time). */
export function isWorkingSlot(moment: Date): boolean {
  const day = moment.getDay();
  const minute = moment.getHours() * 60 + moment.getMinutes();
  return (
    day >= 1 &&
    day <= 5 &&
    minute >= WORKDAY_FIRST_MINUTE &&
    minute <= WORKDAY_LAST_MINUTE &&
    minute % SLOT_MINUTES === 0 &&
    moment.getSeconds() === 0 &&
    moment.getMilliseconds() === 0
  );
}

function slotAt(day: Date, minute: number): Date {
  const slot = new Date(day);
  slot.setHours(0, minute, 0, 0);
  return slot;
}

function shiftToWeekday(day: Date, step: 1 | -1): Date {
  const moved = new Date(day);
  while (moved.getDay() === 0 || moved.getDay() === 6) moved.setDate(moved.getDate() + step);
  return moved;
}

function randomMinute(random: Random): number {
  return (
    WORKDAY_FIRST_MINUTE +
    SLOT_MINUTES * random.int(0, (WORKDAY_LAST_MINUTE - WORKDAY_FIRST_MINUTE) / SLOT_MINUTES)
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function weighted<T>(random: Random, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

const LATEST_LEVEL_WEIGHTS: ReadonlyArray<readonly [RiskLevel, number]> = [
  ['BAJO', 45],
  ['MODERADO', 27],
  ['ALTO', 15],
  ['MUY_ALTO', 8],
  ['INDETERMINADO', 5],
];
const EARLIER_LEVEL_WEIGHTS: ReadonlyArray<readonly [RiskLevel, number]> = [
  ['BAJO', 50],
  ['MODERADO', 35],
  ['ALTO', 15],
];

/** The whole showcase as rows, ready to insert. Deterministic for a given `now` and time zone. */
export function buildShowcase(input: ShowcaseInput): ShowcaseRows {
  const { now, newId } = input;
  const nowMs = now.getTime();
  const random = createRandom(SHOWCASE_SEED);
  const rows: ShowcaseRows = {
    students: [],
    notes: [],
    appointments: [],
    assessments: [],
    remarks: [],
    backdated: [],
  };
  const usedNames = new Set<string>();
  let serial = 0;

  const newStudent = (
    gender: Gender,
    createdAt: Date,
    psychologistId: string | null,
  ): StudentRow => {
    const names =
      gender === 'FEMENINO' ? FEMALE_NAMES : gender === 'MASCULINO' ? MALE_NAMES : NEUTRAL_NAMES;
    let firstName: string;
    let lastName: string;
    do {
      firstName = random.pick(names);
      const first = random.pick(SURNAMES);
      let second = random.pick(SURNAMES);
      while (second === first) second = random.pick(SURNAMES);
      lastName = random.chance(0.6) ? `${first} ${second}` : first;
    } while (usedNames.has(`${firstName} ${lastName}`));
    usedNames.add(`${firstName} ${lastName}`);
    serial += 1;
    // Semesters evenly spread; the age follows, a few students older than their year.
    const semester = random.int(0, SEMESTERS.length - 1);
    const age =
      17 + Math.floor(semester / 2) + (random.chance(0.15) ? random.int(3, 12) : random.int(0, 2));
    const employed = random.chance(0.3);
    return {
      id: newId(),
      firstName,
      lastName,
      age,
      gender,
      // The serial keeps addresses unique and apart from the basic students' own.
      email: `${fold(firstName)}.${fold(lastName.split(' ')[0]!)}.${serial}@${STUDENT_EMAIL_DOMAIN}`,
      // One block of numbers, all of them the showcase's.
      phone: `099 000 ${String(serial).padStart(4, '0')}`,
      city: random.pick(CITIES),
      career: random.pick(CAREERS),
      careerLevel: SEMESTERS[semester]!,
      employmentStatus: employed ? 'EMPLEADO' : 'DESEMPLEADO',
      income: employed ? random.int(250, 900) : null,
      assignedPsychologistId: psychologistId,
      createdById: psychologistId,
      createdAt,
      updatedAt: createdAt,
    };
  };

  for (const psychologist of input.psychologists) {
    const booked = new Set<number>();
    const book = (slot: Date) => {
      if (booked.has(slot.getTime())) return false;
      booked.add(slot.getTime());
      return true;
    };
    /** A working slot in [from, to), or null when none was found. */
    const pastSlot = (from: number, to: number): Date | null => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const day = shiftToWeekday(new Date(from + random.next() * (to - from)), -1);
        const slot = slotAt(day, randomMinute(random));
        if (slot.getTime() >= from && slot.getTime() < to && book(slot)) return slot;
      }
      return null;
    };
    const futureSlot = (): Date | null => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const day = new Date(now);
        day.setDate(day.getDate() + random.int(1, 21));
        const slot = slotAt(shiftToWeekday(day, 1), randomMinute(random));
        if (slot.getTime() > nowMs && book(slot)) return slot;
      }
      return null;
    };

    // Who the caseload is: the basic students, then new ones up to 40.
    const caseload: Array<{ id: string; createdAt: Date; latest: RiskLevel | null }> =
      psychologist.studentIds.map((id) => {
        const createdAt = new Date(nowMs - random.int(30, HISTORY_DAYS) * DAY_MS);
        rows.backdated.push({ id, createdAt });
        return { id, createdAt, latest: null };
      });
    const forced = [...RISK_LEVELS];
    for (let index = 0; caseload.length < SHOWCASE_CASELOAD; index += 1) {
      const gender: Gender =
        index === 0
          ? 'OTRO'
          : weighted(random, [
              ['FEMENINO', 50],
              ['MASCULINO', 43],
              ['OTRO', 7],
            ]);
      const createdAt = new Date(nowMs - random.int(20, HISTORY_DAYS) * DAY_MS);
      const student = newStudent(gender, createdAt, psychologist.id);
      rows.students.push(student);
      caseload.push({ id: student.id, createdAt, latest: forced.shift() ?? null });
    }

    const upcomingCandidates: string[] = [];
    for (const member of caseload) {
      const latest =
        member.latest ?? (random.chance(0.8) ? weighted(random, LATEST_LEVEL_WEIGHTS) : null);
      const since = member.createdAt.getTime() + HOUR_MS;
      const event = latest === 'NO_APLICA';
      // The six students that carry each level were seen lately (the month's figures).
      const until = event ? nowMs - 14 * DAY_MS : nowMs - HOUR_MS;
      const lastFrom = member.latest && !event ? nowMs - 10 * DAY_MS : since;

      // Past sessions, spread from the first visit to a recent one.
      const sessions: Date[] = [];
      const count = random.int(1, 5);
      for (let index = 0; index < count; index += 1) {
        const from =
          index === count - 1
            ? Math.max(since, lastFrom)
            : since + ((until - since) * index) / count;
        const to = since + ((until - since) * (index + 1)) / count;
        const slot = pastSlot(Math.max(from, since), Math.max(to, from + DAY_MS));
        if (slot && slot.getTime() < until) sessions.push(slot);
      }
      sessions.sort((a, b) => a.getTime() - b.getTime());

      // Assessments at the last sessions: the latest carries the student's level.
      const assessedAt: Array<{ at: Date; level: RiskLevel }> = [];
      if (latest && sessions.length) {
        const earlier = random.int(0, Math.min(2, sessions.length - 1));
        for (let index = sessions.length - 1 - earlier; index < sessions.length - 1; index += 1) {
          assessedAt.push({
            at: new Date(sessions[index]!.getTime() + 30 * MINUTE_MS),
            level: weighted(random, EARLIER_LEVEL_WEIGHTS),
          });
        }
        if (event) {
          const last = sessions[sessions.length - 1]!.getTime();
          const recordedAt = pastSlot(
            last + 3 * DAY_MS,
            Math.min(nowMs - DAY_MS, last + 12 * DAY_MS),
          );
          if (recordedAt) assessedAt.push({ at: recordedAt, level: latest });
        } else {
          assessedAt.push({
            at: new Date(sessions[sessions.length - 1]!.getTime() + 30 * MINUTE_MS),
            level: latest,
          });
        }
      }

      sessions.forEach((date, index) => {
        rows.appointments.push({
          id: newId(),
          studentId: member.id,
          psychologistId: psychologist.id,
          date,
          reason: index === 0 ? 'Primera consulta' : random.pick(APPOINTMENT_REASONS.slice(1)),
          notes: random.pick(APPOINTMENT_NOTES),
          createdAt: new Date(
            Math.max(since - HOUR_MS, date.getTime() - random.int(1, 14) * DAY_MS),
          ),
        });
      });

      for (const { at, level } of assessedAt) {
        const { answers, riskLevel } = showcaseAssessment(level, at, random);
        const id = newId();
        const row: AssessmentRow = {
          id,
          studentId: member.id,
          authorId: psychologist.id,
          answers,
          riskLevel,
          createdAt: at,
        };
        rows.assessments.push(row);
        const high = isHighRiskLevel(riskLevel);
        const remarkAt = at.getTime() + random.int(2, 48) * HOUR_MS;
        if (high && remarkAt < nowMs - 10 * MINUTE_MS && random.chance(0.6)) {
          rows.remarks.push({
            assessmentId: id,
            authorId: psychologist.id,
            text: random.pick(REMARKS),
            createdAt: new Date(remarkAt),
          });
          // Every other one, the psychologist also confirmed the scale's level as the
          // clinician's: chosen without drawing, so the rest of the showcase stays as it was.
          if (rows.remarks.length % 2 === 0) {
            Object.assign(row, {
              clinicianLevel: riskLevel,
              clinicianReason: CLINICIAN_REASONS[rows.remarks.length % CLINICIAN_REASONS.length],
              clinicianLevelAt: new Date(remarkAt),
              clinicianLevelBy: psychologist.id,
            });
          }
        }
      }

      // A note after most sessions; after a high assessment, a follow-up note.
      sessions.forEach((date, index) => {
        const assessed = assessedAt.find(
          (item) => item.at.getTime() === date.getTime() + 30 * MINUTE_MS,
        );
        const high = assessed && isHighRiskLevel(assessed.level);
        if (!high && index > 0 && !random.chance(0.75)) return;
        const note = high
          ? random.pick(FOLLOW_UP_NOTES)
          : index === 0
            ? SESSION_NOTES[0]
            : random.pick(SESSION_NOTES.slice(1));
        const at = new Date(date.getTime() + 50 * MINUTE_MS);
        rows.notes.push({
          studentId: member.id,
          authorId: psychologist.id,
          note,
          createdAt: at,
          updatedAt: at,
        });
      });

      if (!event) {
        const high = latest === 'ALTO' || latest === 'MUY_ALTO';
        if (random.chance(high ? 0.9 : 0.4)) {
          const slot = futureSlot();
          if (slot) {
            rows.appointments.push({
              id: newId(),
              studentId: member.id,
              psychologistId: psychologist.id,
              date: slot,
              reason: high
                ? 'Seguimiento tras evaluación'
                : random.pick(APPOINTMENT_REASONS.slice(1)),
              notes: random.pick(APPOINTMENT_NOTES),
              createdAt: new Date(Math.max(since, nowMs - random.int(1, 7) * DAY_MS)),
            });
          }
        }
        upcomingCandidates.push(member.id);
      }
    }

    // Today's agenda, when some of today's working hours are still ahead.
    const today = shiftToWeekday(now, 1);
    if (today.getDate() === now.getDate()) {
      const free: Date[] = [];
      for (
        let minute = WORKDAY_FIRST_MINUTE;
        minute <= WORKDAY_LAST_MINUTE;
        minute += SLOT_MINUTES
      ) {
        const slot = slotAt(now, minute);
        if (slot.getTime() > nowMs + 15 * MINUTE_MS && !booked.has(slot.getTime())) free.push(slot);
      }
      for (let taken = 0; taken < 3 && free.length; taken += 1) {
        const [slot] = free.splice(random.int(0, free.length - 1), 1);
        book(slot!);
        rows.appointments.push({
          id: newId(),
          studentId: random.pick(upcomingCandidates),
          psychologistId: psychologist.id,
          date: slot!,
          reason: random.pick(APPOINTMENT_REASONS.slice(1)),
          notes: '',
          createdAt: new Date(nowMs - random.int(1, 7) * DAY_MS),
        });
      }
    }
  }

  for (let index = 0; index < SHOWCASE_UNASSIGNED; index += 1) {
    const gender = random.pick(GENDERS);
    rows.students.push(newStudent(gender, new Date(nowMs - random.int(1, 10) * DAY_MS), null));
  }
  return rows;
}
