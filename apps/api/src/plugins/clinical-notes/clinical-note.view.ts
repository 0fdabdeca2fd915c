import type { ClinicalNote, RecentNote } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { NoteRecord, RecentNoteRecord } from './clinical-note.queries';

export function toClinicalNote({ note, author }: NoteRecord): ClinicalNote {
  return {
    _id: note.id,
    studentId: note.studentId,
    note: note.note,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    createdBy: toStaffRef(author),
    version: note.version,
  };
}

export function toRecentNote(record: RecentNoteRecord): RecentNote {
  const { id, firstName, lastName } = record.student;
  return { ...toClinicalNote(record), student: { _id: id, firstName, lastName } };
}
