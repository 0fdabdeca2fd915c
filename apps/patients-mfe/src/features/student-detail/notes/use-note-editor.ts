import { useCallback, useMemo, useState } from 'react';
import {
  errorMessage,
  errorStatus,
  MSG,
  selectSessionUser,
  useAddNoteMutation,
  useAppSelector,
  useUpdateNoteMutation,
  type ClinicalNote,
} from '@psicocampus/shared';
import {
  applyFieldErrors,
  draftKey,
  draftStorage,
  readDraft,
  useDraft,
  useIsSessionOver,
  type Draft,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import { showError, showSuccess } from '@psicocampus/shared/ui';
import { useDeleteNote } from './use-delete-note';
import { useShowNewestNotes } from './use-notes-page';

type NoteTarget = { mode: 'new' } | { mode: 'edit'; note: ClinicalNote };

export interface NoteFormValues {
  note: string;
}

/** The note being written, with its draft (docs/sign-in-and-sessions.md#drafts); null when none is. */
export type NoteEditing = (NoteTarget & { draft: Draft<NoteFormValues> }) | null;

/** The draft's screen: one per student for a new note, one per note for a correction. */
export function noteDraftScreen(studentId: string, target: NoteTarget): string {
  return `note:${studentId}:${target.mode === 'edit' ? target.note._id : 'new'}`;
}

/**
 * Writing, correcting and deleting a student's clinical notes (docs/screens-and-routes.md#student-detail, docs/rules-and-messages.md#messages, docs/permissions.md#clinical-records and docs/limits-and-budgets.md#limits-and-bad-input). A correction carries the version it was read at; when
 * someone changed the note meanwhile (409) the modal stays open with the
 * text, and the dialog says so. What is typed is kept as a draft: a new note
 * left in a session that ended opens again, with its text, when the student
 * is opened after signing in again. A new note shows the first page of the
 * notes, where it goes.
 */
export function useNoteEditor(studentId: string) {
  const userId = useAppSelector(selectSessionUser)?.id;
  const [target, setTarget] = useState<NoteTarget | null>(() =>
    userId &&
    readDraft(draftStorage(), draftKey(userId, noteDraftScreen(studentId, { mode: 'new' })))
      ? { mode: 'new' }
      : null,
  );
  const draft = useDraft<NoteFormValues>(target && noteDraftScreen(studentId, target), {
    note: target?.mode === 'edit' ? target.note.note : '',
  });
  const editing: NoteEditing = useMemo(() => target && { ...target, draft }, [draft, target]);
  const [addNote] = useAddNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const isSessionOver = useIsSessionOver();
  const showNewest = useShowNewestNotes();
  const remove = useDeleteNote(studentId);

  const save = useCallback(
    async (values: NoteFormValues, helpers: FormikHelpers<NoteFormValues>) => {
      if (!target) return;
      const note = values.note.trim();
      try {
        if (target.mode === 'edit') {
          await updateNote({
            studentId,
            noteId: target.note._id,
            body: { note, version: target.note.version },
          }).unwrap();
        } else {
          await addNote({ studentId, body: { note } }).unwrap();
        }
      } catch (error) {
        // The session ended: the shell shows /login, and the draft waits for
        // the next sign-in; an error dialog over the login page says nothing useful.
        if (isSessionOver()) return;
        applyFieldErrors(error, helpers, ['note']);
        await showError(
          errorStatus(error) === 409
            ? `${errorMessage(error, MSG.api.conflict)} ${MSG.notes.textKept}`
            : errorMessage(error, MSG.notes.saveError),
        );
        return;
      }
      draft.clear();
      setTarget(null);
      await showSuccess(target.mode === 'edit' ? MSG.notes.updated : MSG.notes.added);
      // Once the modal is gone: with it, the move would ask to discard its text.
      if (target.mode === 'new') showNewest();
    },
    [addNote, draft, isSessionOver, showNewest, studentId, target, updateNote],
  );

  return {
    editing,
    startNew: useCallback(() => setTarget({ mode: 'new' }), []),
    startEdit: useCallback((note: ClinicalNote) => setTarget({ mode: 'edit', note }), []),
    /** Closes the modal and forgets its draft (the modal asks first when something was typed). */
    close: useCallback(() => {
      draft.clear();
      setTarget(null);
    }, [draft]),
    save,
    remove,
  };
}
