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
import { serviceCalendar } from './service-calendar';
import { showcaseAssessment } from './showcase-answers';
import {
  attended,
  bookedAt,
  createDiary,
  missed,
  SESSION_MINUTES,
  type Diary,
} from './showcase-diary';
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
 *   working hours of the service's clock (Monday to Friday, 08:00–16:30
 *   starts in SERVICE_TIME_ZONE, whatever the machine's zone), 50 minutes
 *   each and never two at once (showcase-diary.ts);
 * - every past appointment with its outcome: sessions attended, some
 *   no-shows, some cancelled with who and why; but SHOWCASE_UNRECORDED
 *   recent ones per psychologist left 'Programada', to show "sin registrar
 *   asistencia" (docs/screens-and-routes.md#agenda);
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

/** Past appointments each demo psychologist has not recorded yet, on purpose. */
export const SHOWCASE_UNRECORDED = 2;

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
  /** The service's zone (SERVICE_TIME_ZONE): its clock says what working hours are. */
  timeZone: string;
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

/** What every part of the build shares: the moment, the draws, the ids and the rows so far. */
interface Build {
  now: Date;
  nowMs: number;
  random: Random;
  newId(): string;
  rows: ShowcaseRows;
}

/** A caseload's member as the build sees it: when they arrived, and the level they must end at. */
interface Member {
  id: string;
  createdAt: Date;
  latest: RiskLevel | null;
}

/** Invents students with names never used twice, the demo domain's e-mails and numbers. */
function studentMaker(build: Build) {
  const { random } = build;
  const usedNames = new Set<string>();
  let serial = 0;
  return (gender: Gender, createdAt: Date, psychologistId: string | null): StudentRow => {
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
      id: build.newId(),
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
}

type NewStudent = ReturnType<typeof studentMaker>;

/** Who a psychologist's caseload is: the basic students, then new ones up to 40. */
function caseloadOf(
  build: Build,
  psychologist: ShowcaseInput['psychologists'][number],
  newStudent: NewStudent,
): Member[] {
  const { random, nowMs, rows } = build;
  const caseload: Member[] = psychologist.studentIds.map((id) => {
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
  return caseload;
}

/** A member's story, in the order of its draws: from their first visit to what is booked next. */
interface Story {
  member: Member;
  psychologistId: string;
  latest: RiskLevel | null;
  /** Their death was recorded (NO_APLICA): nothing after it. */
  event: boolean;
  since: number;
  until: number;
}

/** Past sessions, spread from the first visit to a recent one; by date. */
function sessionsOf(build: Build, diary: Diary, story: Story): Date[] {
  const { since, until } = story;
  // The six students that carry each level were seen lately (the month's figures).
  const lastFrom = story.member.latest && !story.event ? build.nowMs - 10 * DAY_MS : since;
  const sessions: Date[] = [];
  const count = build.random.int(1, 5);
  for (let index = 0; index < count; index += 1) {
    const from =
      index === count - 1 ? Math.max(since, lastFrom) : since + ((until - since) * index) / count;
    const to = since + ((until - since) * (index + 1)) / count;
    const slot = diary.pastSlot(Math.max(from, since), Math.max(to, from + DAY_MS));
    if (slot && slot.getTime() < until) sessions.push(slot);
  }
  return sessions.sort((a, b) => a.getTime() - b.getTime());
}

/** Assessments at the last sessions: the latest carries the student's level. */
function assessmentTimes(
  build: Build,
  diary: Diary,
  story: Story,
  sessions: Date[],
): Array<{ at: Date; level: RiskLevel }> {
  const { latest } = story;
  const assessedAt: Array<{ at: Date; level: RiskLevel }> = [];
  if (!latest || !sessions.length) return assessedAt;
  const earlier = build.random.int(0, Math.min(2, sessions.length - 1));
  for (let index = sessions.length - 1 - earlier; index < sessions.length - 1; index += 1) {
    assessedAt.push({
      at: new Date(sessions[index]!.getTime() + 30 * MINUTE_MS),
      level: weighted(build.random, EARLIER_LEVEL_WEIGHTS),
    });
  }
  const last = sessions[sessions.length - 1]!.getTime();
  if (story.event) {
    const recordedAt = diary.pastSlot(
      last + 3 * DAY_MS,
      Math.min(build.nowMs - DAY_MS, last + 12 * DAY_MS),
    );
    if (recordedAt) assessedAt.push({ at: recordedAt, level: latest });
  } else {
    assessedAt.push({ at: new Date(last + 30 * MINUTE_MS), level: latest });
  }
  return assessedAt;
}

/**
 * The sessions, attended; now and then one that did not take place, before
 * the last (for a student whose death was recorded, nothing after it).
 */
function addPastAppointments(build: Build, diary: Diary, story: Story, sessions: Date[]): void {
  const { random, now, rows } = build;
  const base = { studentId: story.member.id, psychologistId: story.psychologistId };
  sessions.forEach((date, index) => {
    rows.appointments.push({
      id: build.newId(),
      ...base,
      date,
      durationMinutes: SESSION_MINUTES,
      reason: index === 0 ? 'Primera consulta' : random.pick(APPOINTMENT_REASONS.slice(1)),
      notes: random.pick(APPOINTMENT_NOTES),
      createdAt: bookedAt(date, story.since - HOUR_MS, random),
      ...attended(date, now, random),
    });
  });
  const missedUntil = story.event ? (sessions.at(-1)?.getTime() ?? story.since) : story.until;
  if (missedUntil <= story.since + DAY_MS || !random.chance(0.3)) return;
  const date = diary.pastSlot(story.since, missedUntil);
  if (!date) return;
  const createdAt = bookedAt(date, story.since - HOUR_MS, random);
  rows.appointments.push({
    id: build.newId(),
    ...base,
    date,
    durationMinutes: SESSION_MINUTES,
    reason: random.pick(APPOINTMENT_REASONS.slice(1)),
    notes: random.pick(APPOINTMENT_NOTES),
    createdAt,
    ...missed(date, createdAt, now, random),
  });
}

/** The assessments, each with its engine's level; final remarks on some high ones. */
function addAssessments(
  build: Build,
  story: Story,
  assessedAt: Array<{ at: Date; level: RiskLevel }>,
): void {
  const { random, rows } = build;
  for (const { at, level } of assessedAt) {
    const { answers, riskLevel } = showcaseAssessment(level, at, random);
    const id = build.newId();
    const row: AssessmentRow = {
      id,
      studentId: story.member.id,
      authorId: story.psychologistId,
      answers,
      riskLevel,
      createdAt: at,
    };
    rows.assessments.push(row);
    const high = isHighRiskLevel(riskLevel);
    const remarkAt = at.getTime() + random.int(2, 48) * HOUR_MS;
    if (!high || remarkAt >= build.nowMs - 10 * MINUTE_MS || !random.chance(0.6)) continue;
    rows.remarks.push({
      assessmentId: id,
      authorId: story.psychologistId,
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
        clinicianLevelBy: story.psychologistId,
      });
    }
  }
}

/** A note after most sessions; after a high assessment, a follow-up note. */
function addNotes(
  build: Build,
  story: Story,
  sessions: Date[],
  assessedAt: Array<{ at: Date; level: RiskLevel }>,
): void {
  const { random } = build;
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
    build.rows.notes.push({
      studentId: story.member.id,
      authorId: story.psychologistId,
      note,
      createdAt: at,
      updatedAt: at,
    });
  });
}

/** Most students at a high level, and some others, have their next session booked. */
function addUpcoming(build: Build, diary: Diary, story: Story): void {
  const { random } = build;
  const high = story.latest === 'ALTO' || story.latest === 'MUY_ALTO';
  if (!random.chance(high ? 0.9 : 0.4)) return;
  const slot = diary.futureSlot();
  if (!slot) return;
  build.rows.appointments.push({
    id: build.newId(),
    studentId: story.member.id,
    psychologistId: story.psychologistId,
    date: slot,
    durationMinutes: SESSION_MINUTES,
    reason: high ? 'Seguimiento tras evaluación' : random.pick(APPOINTMENT_REASONS.slice(1)),
    notes: random.pick(APPOINTMENT_NOTES),
    createdAt: new Date(Math.max(story.since, build.nowMs - random.int(1, 7) * DAY_MS)),
  });
}

/** One member's history; their story when they may still be booked (no death recorded). */
function addHistory(
  build: Build,
  diary: Diary,
  psychologistId: string,
  member: Member,
): Story | null {
  const { random, nowMs } = build;
  const latest =
    member.latest ?? (random.chance(0.8) ? weighted(random, LATEST_LEVEL_WEIGHTS) : null);
  const event = latest === 'NO_APLICA';
  const since = member.createdAt.getTime() + HOUR_MS;
  const until = event ? nowMs - 14 * DAY_MS : nowMs - HOUR_MS;
  const story: Story = { member, psychologistId, latest, event, since, until };
  const sessions = sessionsOf(build, diary, story);
  const assessedAt = assessmentTimes(build, diary, story, sessions);
  addPastAppointments(build, diary, story, sessions);
  addAssessments(build, story, assessedAt);
  addNotes(build, story, sessions, assessedAt);
  if (event) return null;
  addUpcoming(build, diary, story);
  return story;
}

/** A few of the last days' sessions still 'Programada': "sin registrar asistencia". */
function addUnrecorded(build: Build, diary: Diary, stories: Story[]): void {
  const { random, nowMs } = build;
  const weekAgo = nowMs - 7 * DAY_MS;
  const candidates = stories.filter((story) => story.since < weekAgo);
  for (let left = SHOWCASE_UNRECORDED; left > 0 && candidates.length;) {
    const [story] = candidates.splice(random.int(0, candidates.length - 1), 1);
    const date = diary.pastSlot(weekAgo, nowMs - SESSION_MINUTES * MINUTE_MS);
    if (!date) continue;
    left -= 1;
    build.rows.appointments.push({
      id: build.newId(),
      studentId: story!.member.id,
      psychologistId: story!.psychologistId,
      date,
      durationMinutes: SESSION_MINUTES,
      reason: random.pick(APPOINTMENT_REASONS.slice(1)),
      notes: '',
      createdAt: bookedAt(date, story!.since, random),
    });
  }
}

/** Today's agenda, when some of today's working hours are still ahead. */
function addToday(build: Build, diary: Diary, stories: Story[]): void {
  const { random, nowMs } = build;
  const free = diary.freeToday();
  for (let taken = 0; taken < 3 && free.length;) {
    const [slot] = free.splice(random.int(0, free.length - 1), 1);
    // Next to one just taken, a slot would overlap it.
    if (!diary.book(slot!)) continue;
    taken += 1;
    const story = random.pick(stories);
    build.rows.appointments.push({
      id: build.newId(),
      studentId: story.member.id,
      psychologistId: story.psychologistId,
      date: slot!,
      durationMinutes: SESSION_MINUTES,
      reason: random.pick(APPOINTMENT_REASONS.slice(1)),
      notes: '',
      createdAt: new Date(nowMs - random.int(1, 7) * DAY_MS),
    });
  }
}

/** The whole showcase as rows, ready to insert. Deterministic for a given `now` and `timeZone`. */
export function buildShowcase(input: ShowcaseInput): ShowcaseRows {
  const { now, newId } = input;
  const calendar = serviceCalendar(input.timeZone);
  const build: Build = {
    now,
    nowMs: now.getTime(),
    random: createRandom(SHOWCASE_SEED),
    newId,
    rows: {
      students: [],
      notes: [],
      appointments: [],
      assessments: [],
      remarks: [],
      backdated: [],
    },
  };
  const newStudent = studentMaker(build);
  for (const psychologist of input.psychologists) {
    const diary = createDiary(calendar, build.random, now);
    const stories = caseloadOf(build, psychologist, newStudent)
      .map((member) => addHistory(build, diary, psychologist.id, member))
      .filter((story): story is Story => story !== null);
    addUnrecorded(build, diary, stories);
    addToday(build, diary, stories);
  }
  for (let index = 0; index < SHOWCASE_UNASSIGNED; index += 1) {
    const gender = build.random.pick(GENDERS);
    const createdAt = new Date(build.nowMs - build.random.int(1, 10) * DAY_MS);
    build.rows.students.push(newStudent(gender, createdAt, null));
  }
  return build.rows;
}
