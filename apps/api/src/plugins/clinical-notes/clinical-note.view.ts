import type { ClinicalNote, NoteAddendum, NoteListing } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AddendumRecord, NoteListingRecord, NoteRecord } from './clinical-note.queries';

export function toClinicalNote({ note, author, signer, addenda }: NoteRecord): ClinicalNote {
  return {
    _id: note.id,
    studentId: note.studentId,
    note: note.note,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    createdBy: toStaffRef(author),
    version: note.version,
    signedAt: note.signedAt ? note.signedAt.toISOString() : null,
    signedBy: toStaffRef(signer ?? null),
    addenda: (addenda ?? []).map(toNoteAddendum),
  };
}

export function toNoteAddendum({ addendum, author }: AddendumRecord): NoteAddendum {
  return {
    _id: addendum.id,
    text: addendum.text,
    createdAt: addendum.createdAt.toISOString(),
    createdBy: toStaffRef(author),
  };
}

/** A note in the home's lists: no text (docs/api.md#clinical-notes). */
export function toNoteListing(record: NoteListingRecord): NoteListing {
  const { id, firstName, lastName } = record.student;
  return {
    _id: record.id,
    studentId: record.studentId,
    student: { _id: id, firstName, lastName },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    version: record.version,
    signedAt: record.signedAt ? record.signedAt.toISOString() : null,
  };
}
