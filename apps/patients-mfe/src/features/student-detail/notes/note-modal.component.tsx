import { clinicalNoteSchema, MSG, NOTE_MAX_LENGTH } from '@psicocampus/shared';
import {
  Form,
  Formik,
  KeepDraft,
  TextAreaField,
  useField,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import {
  Button,
  Modal,
  Notice,
  closeUnlessDialogOpen,
  useDiscardGuard,
  useLeaveGuard,
} from '@psicocampus/shared/ui';
import type { NoteEditing, NoteFormValues } from './use-note-editor';
import styles from './notes.module.css';

/** docs/limits-and-budgets.md#screen-constants: the note's textarea has 6 rows. */
const NOTE_ROWS = 6;

interface Props {
  editing: NoteEditing;
  /** Closes the modal, throwing its text away. */
  onClose: () => void;
  onSave: (values: NoteFormValues, helpers: FormikHelpers<NoteFormValues>) => Promise<void>;
}

/**
 * 'Nueva Nota Clínica' / 'Editar Nota Clínica' (docs/screens-and-routes.md#student-detail): the text, Cancelar and Guardar.
 * Cancelar, × and Escape ask '¿Descartar los cambios?' when something was
 * typed, and so does leaving the screen (docs/screens-and-routes.md#leaving-a-form);
 * a draft restored after signing in again says so.
 */
export function NoteModal({ editing, onClose, onSave }: Props) {
  const { onChangedChange, requestClose: ask, unsaved } = useDiscardGuard(onClose);
  // Leaving the screen with the modal's text asks too; its draft survives a reload.
  useLeaveGuard(() => editing !== null && unsaved(), { keptAcrossReload: true });
  return (
    <Modal
      open={editing !== null}
      title={editing?.mode === 'edit' ? MSG.notes.editTitle : MSG.notes.newTitle}
      onClose={closeUnlessDialogOpen(ask)}
    >
      {editing && (
        <Formik<NoteFormValues>
          initialValues={editing.draft.initialValues}
          validationSchema={clinicalNoteSchema}
          onSubmit={onSave}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <KeepDraft draft={editing.draft} onChangedChange={onChangedChange} />
              {editing.draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
              <NoteText />
              <div className={styles.modalActions}>
                <Button variant="secondary" onClick={ask}>
                  {MSG.common.cancel}
                </Button>
                <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                  {MSG.common.save}
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      )}
    </Modal>
  );
}

/** The note's text with its character count against the limit (docs/limits-and-budgets.md#limits-and-bad-input). */
function NoteText() {
  const [field] = useField<string>('note');
  return (
    <TextAreaField
      name="note"
      label={MSG.notes.label}
      rows={NOTE_ROWS}
      maxLength={NOTE_MAX_LENGTH}
      hint={MSG.notes.characters(field.value.length, NOTE_MAX_LENGTH)}
      required
    />
  );
}
