import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatDateTime, MSG, NOTE_MAX_LENGTH, type ClinicalNote } from '@psicocampus/shared';
import {
  AskBeforeLeaving,
  Form,
  Formik,
  TextAreaField,
  useFormikContext,
} from '@psicocampus/shared/forms';
import { addendumSchema, SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { Button, closeAfterAsking, VisuallyHidden } from '@psicocampus/shared/ui';
import { useAddendum, type AddendumFormValues } from './use-addendum';
import styles from './notes.module.css';

const ADDENDUM_ROWS = 3;
const EMPTY: AddendumFormValues = { text: '' };

/**
 * 'Agregar adenda' under a signed note: a button until the
 * psychologist asks for the box, which then takes the focus; 'Cancelar'
 * closes it (asking first when something was typed), and so does a save.
 * Focus returns to the button either way.
 */
export function AddendumForm({ note }: { note: ClinicalNote }) {
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const closed = useRef(false);
  const close = useCallback(() => {
    closed.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (!open && closed.current) document.getElementById(toggleId)?.focus();
  }, [open, toggleId]);

  if (open) return <AddendumEditor note={note} onClose={close} />;
  return (
    <Button
      id={toggleId}
      variant="secondary"
      className={`${styles.small} ${styles.addendumToggle}`}
      onClick={() => setOpen(true)}
    >
      {SIGNED_NOTES_MSG.addAddendum}
      <VisuallyHidden> ({formatDateTime(note.createdAt)})</VisuallyHidden>
    </Button>
  );
}

/** The addendum's box, validated by the schema the server uses. */
function AddendumEditor({ note, onClose }: { note: ClinicalNote; onClose: () => void }) {
  const save = useAddendum(note, onClose);
  return (
    <Formik<AddendumFormValues>
      initialValues={EMPTY}
      validationSchema={addendumSchema}
      onSubmit={save}
    >
      <AddendumFields onCancel={onClose} />
    </Formik>
  );
}

function AddendumFields({ onCancel }: { onCancel: () => void }) {
  const { isSubmitting, dirty } = useFormikContext<AddendumFormValues>();
  const box = useRef<HTMLDivElement>(null);
  // Asked for, so written at once: the focus goes into the box.
  useEffect(() => box.current?.querySelector('textarea')?.focus(), []);
  return (
    <Form noValidate className={styles.addendumForm}>
      <div ref={box}>
        <AskBeforeLeaving />
        <TextAreaField
          name="text"
          label={SIGNED_NOTES_MSG.addendumLabel}
          rows={ADDENDUM_ROWS}
          maxLength={NOTE_MAX_LENGTH}
          required
        />
      </div>
      <div className={styles.modalActions}>
        <Button
          variant="secondary"
          className={styles.small}
          disabled={isSubmitting}
          onClick={() => void closeAfterAsking(() => dirty, onCancel)()}
        >
          {MSG.common.cancel}
        </Button>
        <Button
          type="submit"
          className={styles.small}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? SIGNED_NOTES_MSG.addendumSaving : SIGNED_NOTES_MSG.saveAddendum}
        </Button>
      </div>
    </Form>
  );
}
