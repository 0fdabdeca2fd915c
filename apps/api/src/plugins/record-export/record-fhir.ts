import type {
  Appointment as AppointmentView,
  ClinicalNote,
  Gender,
  NoteAddendum,
  StaffRef,
  StudentSummary,
} from '@psicocampus/shared/domain';
import type { AssessmentRemark, SuicideAssessment } from '@psicocampus/shared/columbia';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import {
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlan,
} from '@psicocampus/shared/safety-plan';
import { CODE_SYSTEMS } from '../fhir/cssrs-questionnaire';
import type {
  Appointment,
  CarePlan,
  DocumentReference,
  RecordBundle,
  RecordPatient,
  RecordResource,
  Reference,
} from '../fhir/fhir-types';
import { toQuestionnaireResponse } from '../fhir/questionnaire-response';

/**
 * A student's whole record as a FHIR R4 `collection` Bundle
 * (docs/api.md#record-export). Every resource's id is its record's id, its
 * `fullUrl` that id as a `urn:uuid:`, and every reference between them
 * points inside the Bundle.
 */

const urn = (id: string) => `urn:uuid:${id}`;
const FHIR_F = RECORD_EXPORT_MSG.fhir;

const staffDisplay = (staff: StaffRef | null): Reference | undefined =>
  staff ? { display: `${staff.firstName} ${staff.lastName}`.trim() } : undefined;

const GENDER: Record<Gender, RecordPatient['gender']> = {
  MASCULINO: 'male',
  FEMENINO: 'female',
  OTRO: 'other',
};

/** The student, with what FHIR's Patient has a place for; the PDF carries every field. */
export function recordPatient(student: StudentSummary, archived: boolean): RecordPatient {
  return {
    resourceType: 'Patient',
    id: student._id,
    identifier: [{ system: CODE_SYSTEMS.studentId, value: student._id }],
    active: !archived,
    name: [{ family: student.lastName, given: [student.firstName] }],
    telecom: [
      { system: 'email', value: student.email },
      ...(student.phone ? [{ system: 'phone' as const, value: student.phone }] : []),
    ],
    gender: GENDER[student.gender],
    ...(student.city ? { address: [{ city: student.city }] } : {}),
  };
}

/** Text as an attachment: UTF-8, in base64, as R4's Attachment.data asks. */
const textAttachment = (text: string, title: string, creation: string) => ({
  contentType: 'text/plain; charset=utf-8',
  language: 'es',
  data: Buffer.from(text, 'utf8').toString('base64'),
  title,
  creation,
});

/**
 * A note as a DocumentReference, and each addendum as one of its own that
 * `appends` it (R4's relatesTo code for exactly that): an addendum has its
 * own author and date, and never changes the note.
 */
export function noteDocuments(note: ClinicalNote, patient: Reference): DocumentReference[] {
  const author = staffDisplay(note.createdBy);
  const signer = staffDisplay(note.signedBy);
  const document: DocumentReference = {
    resourceType: 'DocumentReference',
    id: note._id,
    status: 'current',
    docStatus: note.signedAt ? 'final' : 'preliminary',
    type: { text: FHIR_F.noteType },
    subject: patient,
    date: note.createdAt,
    ...(author ? { author: [author] } : {}),
    ...(note.signedAt && signer ? { authenticator: signer } : {}),
    content: [{ attachment: textAttachment(note.note, FHIR_F.noteType, note.createdAt) }],
  };
  return [document, ...note.addenda.map((addendum) => addendumDocument(addendum, note, patient))];
}

/** What a written entry (an addendum, a final remark) is: its own text, by its author, final once saved. */
interface WrittenEntry {
  _id: string;
  text: string;
  createdAt: string;
  createdBy: StaffRef | null;
}

/** A final text as a DocumentReference about the patient: an addendum and a remark differ only in what they refer to. */
function writtenDocument(entry: WrittenEntry, type: string, patient: Reference): DocumentReference {
  const author = staffDisplay(entry.createdBy);
  return {
    resourceType: 'DocumentReference',
    id: entry._id,
    status: 'current',
    docStatus: 'final',
    type: { text: type },
    subject: patient,
    date: entry.createdAt,
    ...(author ? { author: [author] } : {}),
    content: [{ attachment: textAttachment(entry.text, type, entry.createdAt) }],
  };
}

function addendumDocument(
  addendum: NoteAddendum,
  note: ClinicalNote,
  patient: Reference,
): DocumentReference {
  return {
    ...writtenDocument(addendum, FHIR_F.addendumType, patient),
    relatesTo: [{ code: 'appends', target: { reference: urn(note._id) } }],
  };
}

/**
 * A final remark as a DocumentReference about its assessment
 * (`context.related`): the QuestionnaireResponse stays exactly as the FHIR
 * API answers it (docs/api.md#fhir), which carries no remark.
 */
export function remarkDocument(
  remark: AssessmentRemark,
  assessment: SuicideAssessment,
  patient: Reference,
): DocumentReference {
  return {
    ...writtenDocument(remark, FHIR_F.remarkType, patient),
    context: { related: [{ reference: urn(assessment._id) }] },
  };
}

const APPOINTMENT_STATUS: Record<AppointmentView['status'], Appointment['status']> = {
  SCHEDULED: 'booked',
  ATTENDED: 'fulfilled',
  NO_SHOW: 'noshow',
  CANCELLED: 'cancelled',
};

export function recordAppointment(appointment: AppointmentView, patient: Reference): Appointment {
  const start = new Date(appointment.date);
  const end = new Date(start.getTime() + appointment.durationMinutes * 60_000);
  const booker = staffDisplay(appointment.createdBy);
  return {
    resourceType: 'Appointment',
    id: appointment._id,
    status: APPOINTMENT_STATUS[appointment.status],
    ...(appointment.cancelReason ? { cancelationReason: { text: appointment.cancelReason } } : {}),
    description: appointment.reason,
    start: start.toISOString(),
    end: end.toISOString(),
    minutesDuration: appointment.durationMinutes,
    created: appointment.createdAt,
    ...(appointment.notes ? { comment: appointment.notes } : {}),
    participant: [
      { actor: patient, status: 'accepted' },
      ...(booker ? [{ actor: booker, status: 'accepted' as const }] : []),
    ],
  };
}

/**
 * One revision of the safety plan as a CarePlan. Every revision is kept, so
 * every one is exported: the latest is the plan in force ('active', or
 * 'draft' while it is one), each earlier one 'revoked' and `replaces`d by
 * the next, as R4 links a plan to the one it takes over from. The seven
 * sections are its notes, each headed by its title.
 */
export function revisionCarePlan(
  plan: SafetyPlan,
  previous: SafetyPlan | null,
  latest: boolean,
  patient: Reference,
): CarePlan {
  const author = staffDisplay(plan.createdBy);
  const notes = SAFETY_PLAN_SECTION_KEYS.filter((key) => plan[key].trim() !== '').map((key) => ({
    text: `${SAFETY_PLAN_SECTIONS[key].title}: ${plan[key]}`,
  }));
  return {
    resourceType: 'CarePlan',
    id: plan._id,
    status: !latest ? 'revoked' : plan.status === 'complete' ? 'active' : 'draft',
    intent: 'plan',
    title: FHIR_F.carePlanTitle(plan.version),
    subject: patient,
    created: plan.createdAt,
    ...(author ? { author } : {}),
    ...(previous ? { replaces: [{ reference: urn(previous._id) }] } : {}),
    ...(plan.assessmentId ? { supportingInfo: [{ reference: urn(plan.assessmentId) }] } : {}),
    ...(notes.length ? { note: notes } : {}),
  };
}

/** What the Bundle is made of, each kind read a batch at a time, oldest first. */
export interface RecordSources {
  student: StudentSummary;
  archived: boolean;
  questionnaireUrl: string;
  now: Date;
  assessments: AsyncIterable<SuicideAssessment[]>;
  revisions: AsyncIterable<SafetyPlan[]>;
  notes: AsyncIterable<ClinicalNote[]>;
  appointments: AsyncIterable<AppointmentView[]>;
}

const entryText = (resource: RecordResource) =>
  JSON.stringify({ fullUrl: urn(resource.id), resource });

/** The revisions as CarePlans: each needs the one before it, and whether another follows. */
async function* carePlans(
  revisions: AsyncIterable<SafetyPlan[]>,
  patient: Reference,
): AsyncGenerator<CarePlan> {
  let previous: SafetyPlan | null = null;
  let pending: SafetyPlan | null = null;
  for await (const batch of revisions) {
    for (const plan of batch) {
      if (pending) yield revisionCarePlan(pending, previous, false, patient);
      previous = pending;
      pending = plan;
    }
  }
  if (pending) yield revisionCarePlan(pending, previous, true, patient);
}

/**
 * The Bundle as JSON text, a piece at a time: one resource per piece, read a
 * batch at a time, so the whole record is never one object in memory.
 * The Patient first, then the assessments (QuestionnaireResponse, with the
 * levels as contained Observations, exactly as the FHIR API answers them:
 * docs/api.md#fhir; each followed by its final remarks), the plan's revisions, the notes and the appointments.
 */
export async function* recordBundleJson(sources: RecordSources): AsyncGenerator<string> {
  const head: Omit<RecordBundle, 'entry'> = {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: sources.now.toISOString(),
  };
  const patientResource = recordPatient(sources.student, sources.archived);
  const patient = { reference: urn(patientResource.id) };
  yield `${JSON.stringify(head).slice(0, -1)},"entry":[${entryText(patientResource)}`;
  const subject = { student: { id: sources.student._id, ...nameOf(sources.student) } };
  for await (const batch of sources.assessments) {
    for (const assessment of batch) {
      yield `,${entryText(toQuestionnaireResponse(assessment, subject, sources.questionnaireUrl))}`;
      for (const remark of assessment.remarks) {
        yield `,${entryText(remarkDocument(remark, assessment, patient))}`;
      }
    }
  }
  for await (const plan of carePlans(sources.revisions, patient)) yield `,${entryText(plan)}`;
  for await (const batch of sources.notes) {
    yield batch
      .flatMap((note) => noteDocuments(note, patient))
      .map((document) => `,${entryText(document)}`)
      .join('');
  }
  for await (const batch of sources.appointments) {
    yield batch
      .map((appointment) => `,${entryText(recordAppointment(appointment, patient))}`)
      .join('');
  }
  yield ']}';
}

const nameOf = (student: StudentSummary) => ({
  firstName: student.firstName,
  lastName: student.lastName,
});
