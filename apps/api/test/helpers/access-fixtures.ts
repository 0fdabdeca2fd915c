import { randomUUID } from 'node:crypto';
import { createUser, lastMailTo, linkTokenIn, userBody } from './admin';
import { saveAssessment, severeAnswers } from './assessments';
import { addNote, createStudent, scheduleAppointment, userIdOf } from './patients';
import type { TestServer } from './test-server';

/** A's clinical records: another psychologist must never see one of these ids. */
export const CLINICAL_RECORDS = [
  'student',
  'studentToEdit',
  'studentToDelete',
  'noteToEdit',
  'noteToDelete',
  'noteToSign',
  'noteSigned',
  'appointment',
  'appointmentToMove',
  'appointmentToClose',
  'assessment',
  'assessmentToRemark',
  'assessmentToGrade',
] as const;

/**
 * The records an access test aims at. Those a row changes for good (an edit
 * bumps a version, a delete removes, a deactivation deactivates) have one
 * of their own, so that no row depends on the order the others ran in.
 */
export const RECORD_NAMES = [
  // Psychologist A's account.
  'owner',
  ...CLINICAL_RECORDS,
  // Staff accounts an administrator manages.
  'accountToEdit',
  'accountToDeactivate',
  'accountToReactivate',
  'accountForLink',
] as const;

export type RecordName = (typeof RECORD_NAMES)[number];
export type RecordIds = Record<RecordName, string>;

/** Ids of nothing: the same calls, about records that do not exist. */
export function unknownIds(): RecordIds {
  return Object.fromEntries(RECORD_NAMES.map((name) => [name, randomUUID()])) as RecordIds;
}

/** A new account's invitation token (a live set-password link), as its mail carries it. */
export async function newInviteToken(server: TestServer, adminToken: string): Promise<string> {
  const user = await createUser(server, adminToken);
  return linkTokenIn(await lastMailTo(server, user.email));
}

/**
 * A live e-mail confirmation link's token: an administrator moves a new
 * account to another address, whose mail carries the link.
 */
export async function newEmailChangeToken(server: TestServer, adminToken: string): Promise<string> {
  const user = await createUser(server, adminToken);
  const newEmail = `nuevo.${user.email}`;
  const edited = await server.call({
    method: 'PUT',
    url: `/api/users/${user._id}`,
    token: adminToken,
    payload: userBody({ email: newEmail }),
  });
  if (edited.statusCode !== 200) throw new Error(`e-mail change failed: ${edited.body}`);
  const match = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(server, newEmail)).body);
  if (!match) throw new Error(`no confirmation link mailed to ${newEmail}`);
  return match[1]!;
}

export interface AccessFixtures {
  ids: RecordIds;
  /** A live invitation link's token, never used (the link check does not spend it). */
  inviteToken: string;
  /** A live e-mail confirmation link's token, never used (checked, not confirmed). */
  emailChangeToken: string;
}

async function signNote(server: TestServer, token: string, studentId: string, noteId: string) {
  const signed = await server.call({
    method: 'POST',
    url: `/api/students/${studentId}/clinical-notes/${noteId}/sign`,
    token,
  });
  if (signed.statusCode !== 200) {
    throw new Error(`signing a fixture failed: ${signed.statusCode} ${signed.body}`);
  }
}

/**
 * Psychologist A's caseload as the matrix needs it (students, notes, an
 * appointment, assessments), and the staff accounts an administrator acts on.
 */
export async function createAccessFixtures(
  server: TestServer,
  tokens: { owner: string; admin: string },
): Promise<AccessFixtures> {
  const { owner, admin } = tokens;
  const [ownerId, student, studentToEdit, studentToDelete] = await Promise.all([
    userIdOf(server, 'psychologist'),
    createStudent(server, owner, { firstName: 'Valeria' }),
    createStudent(server, owner, { firstName: 'Camila' }),
    createStudent(server, owner, { firstName: 'Renata' }),
  ]);
  const [
    noteToEdit,
    noteToDelete,
    noteToSign,
    noteSigned,
    appointment,
    appointmentToMove,
    appointmentToClose,
    assessment,
    assessmentToRemark,
    assessmentToGrade,
    deletedStudentsNote,
  ] = await Promise.all([
    addNote(server, owner, student._id, 'Refiere insomnio desde el inicio del semestre.'),
    addNote(server, owner, student._id, 'Nota duplicada por error.'),
    addNote(server, owner, student._id, 'Acude por estrés académico.'),
    addNote(server, owner, student._id, 'Sesión de seguimiento.'),
    scheduleAppointment(server, owner, student._id),
    scheduleAppointment(server, owner, student._id),
    scheduleAppointment(server, owner, student._id),
    saveAssessment(server, owner, student._id, severeAnswers()),
    saveAssessment(server, owner, student._id),
    saveAssessment(server, owner, student._id, severeAnswers()),
    // A student with a record of its own, so that its deletion has something to take along.
    addNote(server, owner, studentToDelete._id, 'Primera entrevista.'),
  ]);
  // A signed note takes addenda; the deleted student's signed note must leave with it.
  await signNote(server, owner, student._id, noteSigned._id);
  await signNote(server, owner, studentToDelete._id, deletedStudentsNote._id);

  // One after another: each creation mails a link, read back by address.
  const accountToEdit = await createUser(server, admin);
  const accountToDeactivate = await createUser(server, admin);
  const accountToReactivate = await createUser(server, admin);
  const accountForLink = await createUser(server, admin);
  const inviteToken = await newInviteToken(server, admin);
  const emailChangeToken = await newEmailChangeToken(server, admin);
  const deactivated = await server.call({
    method: 'POST',
    url: `/api/users/${accountToReactivate._id}/deactivate`,
    token: admin,
  });
  if (deactivated.statusCode !== 200) {
    throw new Error(`deactivating a fixture failed: ${deactivated.statusCode} ${deactivated.body}`);
  }

  return {
    ids: {
      owner: ownerId,
      student: student._id,
      studentToEdit: studentToEdit._id,
      studentToDelete: studentToDelete._id,
      noteToEdit: noteToEdit._id,
      noteToDelete: noteToDelete._id,
      noteToSign: noteToSign._id,
      noteSigned: noteSigned._id,
      appointment: appointment._id,
      appointmentToMove: appointmentToMove._id,
      appointmentToClose: appointmentToClose._id,
      assessment: assessment._id,
      assessmentToRemark: assessmentToRemark._id,
      assessmentToGrade: assessmentToGrade._id,
      accountToEdit: accountToEdit._id,
      accountToDeactivate: accountToDeactivate._id,
      accountToReactivate: accountToReactivate._id,
      accountForLink: accountForLink._id,
    },
    inviteToken,
    emailChangeToken,
  };
}
