import type { ClinicalNote, NoteAddendum, RecentNote } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AddendumRecord, NoteRecord, RecentNoteRecord } from './clinical-note.queries';

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

export function toRecentNote(record: RecentNoteRecord): RecentNote {
  const { id, firstName, lastName } = record.student;
  return { ...toClinicalNote(record), student: { _id: id, firstName, lastName } };
}
