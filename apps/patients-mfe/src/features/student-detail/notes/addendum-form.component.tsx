import { NOTE_MAX_LENGTH, type ClinicalNote } from '@psicocampus/shared';
import { Form, Formik, TextAreaField } from '@psicocampus/shared/forms';
import { addendumSchema, SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { Button } from '@psicocampus/shared/ui';
import { useAddendum, type AddendumFormValues } from './use-addendum';
import styles from './notes.module.css';

const ADDENDUM_ROWS = 3;
const EMPTY: AddendumFormValues = { text: '' };

/** 'Agregar adenda' under a signed note: validated by the schema the server uses. */
export function AddendumForm({ note }: { note: ClinicalNote }) {
  const save = useAddendum(note);
  return (
    <Formik<AddendumFormValues>
      initialValues={EMPTY}
      validationSchema={addendumSchema}
      onSubmit={save}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.addendumForm}>
          <TextAreaField
            name="text"
            label={SIGNED_NOTES_MSG.addendumLabel}
            rows={ADDENDUM_ROWS}
            maxLength={NOTE_MAX_LENGTH}
            required
          />
          <div className={styles.modalActions}>
            <Button
              type="submit"
              variant="secondary"
              className={styles.small}
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? SIGNED_NOTES_MSG.addendumSaving : SIGNED_NOTES_MSG.addAddendum}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
