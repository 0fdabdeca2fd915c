import { sql } from 'drizzle-orm';
import type { AssessmentAnswers } from '@psicocampus/shared/columbia';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of the product, for PGlite and PostgreSQL alike. Columns
 * are snake_case in the database (drizzle's `casing` option) and camelCase
 * here. Changing it means `npm run db:generate -w apps/api` and committing
 * the new migration under `drizzle/`.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * The creation time of an append-only row: a trigger (migration 0018) sets it
 * to the database's clock, whatever the insert says, so that the server's
 * role cannot back-date a record it may never change afterwards
 * (docs/data-model.md#times-set-by-the-database).
 */
const appendedAt = createdAt;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text(),
    role: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    active: boolean().notNull().default(true),
    /**
     * The second factor's TOTP key (base32), set when an enrolment is
     * confirmed (docs/sign-in-and-sessions.md#second-factor); never logged, never sent again.
     */
    mfaSecret: text(),
    /** A key handed out by an enrolment not yet confirmed with a code. */
    mfaPendingSecret: text(),
    mfaEnabledAt: timestamp({ withTimezone: true }),
    /** The last time step whose code was accepted: a code is accepted once. */
    mfaLastStep: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'PSYCHOLOGIST')`),
  ],
);

export const students = pgTable(
  'students',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    age: integer().notNull(),
    gender: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    city: text().notNull(),
    career: text().notNull(),
    careerLevel: text().notNull(),
    employmentStatus: text().notNull(),
    income: numeric({ precision: 12, scale: 2, mode: 'number' }),
    assignedPsychologistId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Raised on every update; a save from an older version is refused (docs/limits-and-budgets.md#limits-and-bad-input). */
    version: integer().notNull().default(1),
    /**
     * `searchKey(firstName + ' ' + lastName)` from the shared library (lower
     * case, no accents), kept by every insert and update, so that `?q=jose`
     * finds 'José' with the same folding the browser uses.
     */
    searchKey: text().notNull().default(''),
    /**
     * The import that created the student (null when created by hand): the
     * audit row of that import names the batch, so an administrator can find
     * every student it wrote.
     */
    importBatchId: uuid(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /**
     * Set when its psychologist deleted a student with clinical records: the
     * student is archived instead, unassigned, every record kept; only an
     * administrator's restore clears it (migration 0019,
     * docs/data-model.md#archived-students).
     */
    archivedAt: timestamp({ withTimezone: true }),
    /** The psychologist who archived the student (and held them until then). */
    archivedById: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('students_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'students_archived_unassigned_check',
      sql`${t.archivedAt} is null or ${t.assignedPsychologistId} is null`,
    ),
    index('students_archived_idx').on(t.archivedAt),
    index('students_assigned_psychologist_idx').on(t.assignedPsychologistId),
    index('students_import_batch_idx').on(t.importBatchId),
  ],
);

/** A psychologist's notes on a student (docs/data-model.md#clinical-note); any colleague with the student may read them. */
export const clinicalNotes = pgTable(
  'clinical_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Restrict: a student with notes is archived, never deleted (migration 0019, docs/data-model.md#archived-students).
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** Kept null when the account is deleted: the note stays, shown as 'No asignado'. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /** Null while a draft; once set, migration 0014 refuses any change to the note. */
    signedAt: timestamp({ withTimezone: true }),
    signedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The schema's limit, held by the database too (docs/limits-and-budgets.md#limits-and-bad-input).
    check('clinical_notes_note_length_check', sql`clinical_text_length(${t.note}) <= 80000`),
    index('clinical_notes_student_created_idx').on(t.studentId, t.createdAt),
    index('clinical_notes_author_created_idx').on(t.authorId, t.createdAt),
  ],
);

/**
 * Corrections to a signed clinical note (docs/data-model.md#clinical-note):
 * appended, never changed or removed (migration 0014 refuses UPDATE and
 * DELETE; since 0019 no deletion of a note or a student reaches them).
 */
export const clinicalNoteAddenda = pgTable(
  'clinical_note_addenda',
  {
    id: uuid().primaryKey().defaultRandom(),
    noteId: uuid()
      .notNull()
      .references(() => clinicalNotes.id, { onDelete: 'restrict' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: appendedAt(),
  },
  (t) => [
    check('clinical_note_addenda_text_length_check', sql`clinical_text_length(${t.text}) <= 80000`),
    index('clinical_note_addenda_note_created_idx').on(t.noteId, t.createdAt),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Who scheduled it. */
    psychologistId: uuid().references(() => users.id, { onDelete: 'set null' }),
    date: timestamp({ withTimezone: true }).notNull(),
    /** 15–180 minutes (migration 0011). */
    durationMinutes: integer().notNull().default(50),
    /** SCHEDULED until closed, once: ATTENDED, NO_SHOW or CANCELLED. */
    status: text().notNull().default('SCHEDULED'),
    /** STUDENT or SERVICE; set when, and only when, cancelled, as is its reason. */
    cancelledBy: text(),
    cancelReason: text(),
    /** When it was closed; null while scheduled. */
    statusChangedAt: timestamp({ withTimezone: true }),
    reason: text().notNull(),
    notes: text().notNull().default(''),
    /** Raised on every change; a move or an edit from an older version is refused (409). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    // The agenda and the overlap check reach a caseload's appointments
    // through students_assigned_psychologist_idx and then this one.
    index('appointments_student_date_idx').on(t.studentId, t.date),
    index('appointments_psychologist_date_idx').on(t.psychologistId, t.date),
    check('appointments_duration_check', sql`${t.durationMinutes} between 15 and 180`),
    check(
      'appointments_status_check',
      sql`${t.status} in ('SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED')`,
    ),
    check(
      'appointments_cancellation_check',
      sql`case when ${t.status} = 'CANCELLED' then ${t.cancelledBy} in ('STUDENT', 'SERVICE') and char_length(btrim(coalesce(${t.cancelReason}, ''))) > 0 else ${t.cancelledBy} is null and ${t.cancelReason} is null end`,
    ),
    check(
      'appointments_status_changed_check',
      sql`(${t.status} = 'SCHEDULED') = (${t.statusChangedAt} is null)`,
    ),
  ],
);

/**
 * Who read or changed what, and when (docs/permissions.md#audit-log). Append-only: a trigger
 * (migration 0003) refuses UPDATE, DELETE and TRUNCATE. `userId` has no
 * foreign key on purpose: the trail must outlive the accounts it names.
 * Ids and outcomes only, never clinical text.
 *
 * Tamper-evident (docs/data-model.md#audit-chain, migration 0018): the
 * database, not the insert, sets `at`, `seq`, `prevHash` and `hash`, so an
 * insert cannot back-date a row or choose its place; `npm run audit:verify`
 * recomputes the chain (audit-chain.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The database's clock when the row was chained, whatever the insert said. */
    at: appendedAt(),
    /**
     * The row's place in the chain: 1, 2, 3… without gaps, in the order the
     * rows were committed. The defaults of these three columns only let an
     * insert leave them out: the trigger always replaces them.
     */
    seq: bigint({ mode: 'number' }).notNull().default(0),
    /** The previous row's `hash` (64 zeros for the first row). */
    prevHash: text().notNull().default(''),
    /** SHA-256, in hex, of the row's canonical text, `prevHash` included. */
    hash: text().notNull().default(''),
    userId: uuid(),
    role: text(),
    action: text().notNull(),
    recordType: text(),
    recordId: text(),
    clientAddress: text(),
    outcome: text().notNull(),
    requestId: text(),
    /**
     * Counts and ids that say what a write did (an import's number of
     * students and its batch id); never clinical text.
     */
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    check(
      'audit_log_outcome_check',
      sql`${t.outcome} in ('success', 'denied', 'missing', 'invalid', 'error')`,
    ),
    index('audit_log_at_idx').on(t.at),
    uniqueIndex('audit_log_seq_key').on(t.seq),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
  ],
);

/**
 * Sessions (docs/sign-in-and-sessions.md#sessions): the token itself is never stored, only its SHA-256.
 * A session ends on logout (endedAt), `SESSION_TIMINGS.idleMs` after its last call (lastSeenAt)
 * or at expiresAt (`absoluteMs` after login), whichever comes first.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    clientAddress: text(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Every login call, kept a day, for the brute-force limits of docs/sign-in-and-sessions.md#brute-force-limits.
 * In the database so the limits hold across several server processes.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Which call: a sign-in ('login'), or one of the unauthenticated calls
     * limited per address like it ('forgot-password', 'reset-check', 'reset',
     * 'calendar-feed': a fetch of a psychologist's iCalendar feed), or a
     * second-factor code ('mfa', `email` the account's).
     */
    kind: text().notNull().default('login'),
    /** The e-mail as typed, lower-cased; the account may not exist. */
    email: text().notNull(),
    clientAddress: text().notNull(),
    /** 'success', 'failure' (wrong or unknown credentials) or 'blocked' (refused by a limit). */
    outcome: text().notNull(),
    at: createdAt(),
  },
  (t) => [
    check('login_attempts_outcome_check', sql`${t.outcome} in ('success', 'failure', 'blocked')`),
    check(
      'login_attempts_kind_check',
      sql`${t.kind} in ('login', 'forgot-password', 'reset-check', 'reset', 'calendar-feed', 'mfa')`,
    ),
    index('login_attempts_email_at_idx').on(t.email, t.at),
    index('login_attempts_address_at_idx').on(t.clientAddress, t.at),
    index('login_attempts_kind_address_at_idx').on(t.kind, t.clientAddress, t.at),
  ],
);

/**
 * Single-use links for setting a password: recovery ('reset') and, for new
 * accounts, invitation ('invite'). Only the token's SHA-256 is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    purpose: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the link is used, or voided by a newer one. */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`),
  ],
);

/**
 * A change of an account's e-mail waiting for the new address to confirm it
 * (docs/decisions.md#e-mail-changes-and-assignments): the account keeps its old address until then. Only the
 * link token's SHA-256 is stored; a newer request voids older ones.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    /** Who asked: the account's owner, or an administrator. */
    requestedById: uuid(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the new address confirms. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** Set when a newer request, or a confirmed one, replaces it. */
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);

/**
 * Columbia assessments (docs/columbia-assessment.md#risk-levels). The answers are kept whole as JSON, as
 * normalized by the shared flow; the level is the server's own computation,
 * a column of its own for statistics. Never edited after saving: the
 * author completes it with final remarks, each a row of `assessment_remarks`.
 */
export const suicideAssessments = pgTable(
  'suicide_assessments',
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb().$type<AssessmentAnswers>().notNull(),
    riskLevel: text().notNull(),
    createdAt: createdAt(),
    /**
     * The clinician's level: recorded once by the author, all
     * four together; migration 0013 refuses any other change of the row.
     */
    clinicianLevel: text(),
    clinicianReason: text(),
    clinicianLevelAt: timestamp({ withTimezone: true }),
    clinicianLevelBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('suicide_assessments_student_created_idx').on(t.studentId, t.createdAt),
    index('suicide_assessments_author_created_idx').on(t.authorId, t.createdAt),
    check(
      'suicide_assessments_risk_level_check',
      sql`${t.riskLevel} in ('NO_APLICA', 'MUY_ALTO', 'ALTO', 'MODERADO', 'BAJO', 'INDETERMINADO')`,
    ),
    check(
      'suicide_assessments_clinician_level_check',
      sql`${t.clinicianLevel} is null or ${t.clinicianLevel} in ('NO_APLICA', 'MUY_ALTO', 'ALTO', 'MODERADO', 'BAJO', 'INDETERMINADO')`,
    ),
    check(
      'suicide_assessments_clinician_level_complete_check',
      sql`(${t.clinicianLevel} is null and ${t.clinicianReason} is null and ${t.clinicianLevelAt} is null and ${t.clinicianLevelBy} is null) or (${t.clinicianLevel} is not null and ${t.clinicianReason} is not null and ${t.clinicianLevelAt} is not null)`,
    ),
    check(
      'suicide_assessments_clinician_reason_length_check',
      sql`${t.clinicianReason} is null or clinical_text_length(${t.clinicianReason}) between 1 and 8000`,
    ),
  ],
);

/**
 * Final remarks on a saved assessment (docs/columbia-assessment.md#final-remarks): entries appended by the
 * assessment's author at any time after saving, never changed or removed
 * (migration 0006 refuses UPDATE and DELETE; since 0019 neither an
 * assessment nor its student can be deleted, so nothing cascades to them).
 */
export const assessmentRemarks = pgTable(
  'assessment_remarks',
  {
    id: uuid().primaryKey().defaultRandom(),
    assessmentId: uuid()
      .notNull()
      .references(() => suicideAssessments.id, { onDelete: 'restrict' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: appendedAt(),
  },
  (t) => [
    check('assessment_remarks_text_length_check', sql`clinical_text_length(${t.text}) <= 80000`),
    index('assessment_remarks_assessment_created_idx').on(t.assessmentId, t.createdAt),
  ],
);

/**
 * A student's safety plan, one row per revision: the plan in
 * force is the student's highest version; earlier ones stay readable. The
 * sections' columns are SAFETY_PLAN_SECTION_KEYS of @psicocampus/shared/safety-plan.
 * Appended, never changed or removed (migration 0015 refuses UPDATE and
 * DELETE; since 0019 the student's deletion cannot reach them).
 */
export const safetyPlanRevisions = pgTable(
  'safety_plan_revisions',
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** 1 for the first revision; each save adds one (a stale one fails the unique index). */
    version: integer().notNull(),
    /** 'draft' (saved incomplete) or 'complete'. */
    status: text().notNull(),
    warningSigns: text().notNull().default(''),
    copingStrategies: text().notNull().default(''),
    socialDistractions: text().notNull().default(''),
    helpContacts: text().notNull().default(''),
    professionalContacts: text().notNull().default(''),
    safeEnvironment: text().notNull().default(''),
    reasonForLiving: text().notNull().default(''),
    /** The assessment whose level asked for the plan, when saved from it. */
    assessmentId: uuid().references(() => suicideAssessments.id, { onDelete: 'set null' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: appendedAt(),
  },
  (t) => [
    uniqueIndex('safety_plan_revisions_student_version_idx').on(t.studentId, t.version),
    check('safety_plan_revisions_version_check', sql`${t.version} >= 1`),
    check('safety_plan_revisions_status_check', sql`${t.status} in ('draft', 'complete')`),
    check(
      'safety_plan_revisions_sections_length_check',
      sql`clinical_text_length(${t.warningSigns}) <= 16000 and clinical_text_length(${t.copingStrategies}) <= 16000 and clinical_text_length(${t.socialDistractions}) <= 16000 and clinical_text_length(${t.helpContacts}) <= 16000 and clinical_text_length(${t.professionalContacts}) <= 16000 and clinical_text_length(${t.safeEnvironment}) <= 16000 and clinical_text_length(${t.reasonForLiving}) <= 16000`,
    ),
  ],
);

/**
 * What purged students gave the service's statistics
 * (docs/data-model.md#retention-and-purge, migration 0020): their
 * assessments, and their appointments by status, counted per quarter hour
 * of UTC. The statistics add these to the live tables' counts, so that a
 * purge changes no figure. A quarter hour because every zone's month starts
 * on one (offsets are whole quarters of an hour), so any SERVICE_TIME_ZONE
 * finds each count in the right month; no student, psychologist or text.
 * Written only by the purge, as the schema's owner (a trigger refuses
 * everyone else).
 */
export const purgedStatistics = pgTable(
  'purged_statistics',
  {
    /** 'assessment' or 'appointment'. */
    kind: text().notNull(),
    /** The appointment's status; '' for an assessment. */
    status: text().notNull().default(''),
    /** The start of the quarter hour (UTC) the records fell in. */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.status, t.periodStart] }),
    check('purged_statistics_kind_check', sql`${t.kind} in ('assessment', 'appointment')`),
    check('purged_statistics_count_check', sql`${t.count} > 0`),
  ],
);

/**
 * A number that changes whenever anything a psychologist's student list
 * shows changes: one of their students is added, changed, removed or
 * reassigned, or their own name or e-mail changes. Database triggers keep it
 * (migration 0005), for every writer and every server process alike, so the
 * list's answer can be cached against it (`caseload-list-cache.ts`).
 */
export const caseloadRevisions = pgTable('caseload_revisions', {
  psychologistId: uuid().primaryKey(),
  revision: bigint({ mode: 'number' }).notNull(),
});

/**
 * Mail that matters, queued and retried (src/mail/mail-queue.ts, migration
 * 0010). `text` and `html` are cleared once the mail is sent: a reset or
 * invitation link must not outlive its delivery in the database.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text(),
    html: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The appointment a reminder, an update or a cancellation is about
     * (migration 0012): a move or a cancellation finds its pending reminder
     * here. Gone with the appointment (a student's deletion).
     */
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'cascade' }),
    /** The iCalendar invitation (RFC 5545) sent with it; cleared with the body once sent. */
    calendar: text(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': until when the claiming process holds it; later, any process takes it again. */
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'mail_queue_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'cancelled')`,
    ),
    check(
      'mail_queue_kind_check',
      sql`${t.kind} in ('invite', 'reset', 'email-change', 'notice', 'reminder')`,
    ),
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_queue_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('mail_queue_created_idx').on(t.createdAt),
    index('mail_queue_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
  ],
);

/**
 * A psychologist's iCalendar feed (migration 0012): the secret URL's token
 * is kept only as its SHA-256, so a copy of the database opens no agenda.
 * One feed per psychologist; a new one replaces it, deleting it revokes it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  psychologistId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique('calendar_feeds_token_hash_unique'),
  /** Whether event titles carry the student's name (off unless the psychologist turns it on). */
  showNames: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/**
 * The step between a correct password and a session when the account needs
 * a second factor (migration 0016): 'verify' asks for a code, 'enroll' for
 * an enrolment first. Only the challenge's SHA-256 is stored; single use,
 * valid 5 minutes, refused after 5 wrong codes.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    purpose: text().notNull(),
    failures: integer().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
    check('mfa_challenges_purpose_check', sql`${t.purpose} in ('verify', 'enroll')`),
  ],
);

/** Single-use recovery codes of a second factor, only as argon2id hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The service's settings an administrator changes in the product: one row
 * (id 1). Whether psychologists need a second factor (off by default).
 */
export const serviceSettings = pgTable(
  'service_settings',
  {
    id: integer().primaryKey().default(1),
    mfaRequiredForPsychologists: boolean().notNull().default(false),
    updatedAt: createdAt(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('service_settings_single_row', sql`${t.id} = 1`)],
);
