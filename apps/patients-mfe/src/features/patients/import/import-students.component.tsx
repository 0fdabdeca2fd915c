import { useId } from 'react';
import { MSG } from '@psicocampus/shared';
import { Button, Notice, ProgressBar } from '@psicocampus/shared/ui';
import { ImportOutcome } from './import-outcome.component';
import { useStudentImport } from './use-student-import';
import styles from './import-students.module.css';

/** Accepted by the picker (docs/rules-and-messages.md#import): the extensions and their MIME types. */
const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** The import block of the list (docs/screens-and-routes.md#patients-list and docs/import-and-reports.md#import): template, file, 'Importar', the result. */
export function ImportStudents() {
  const { file, choose, send, state, uploading, inputKey, downloadTemplate } = useStudentImport();
  const inputId = useId();
  return (
    <div className={styles.block}>
      <div className={styles.template}>
        <h3 className={styles.templateHeading}>{MSG.import.templateHeading}</h3>
        <Button variant="link" onClick={() => void downloadTemplate()}>
          {MSG.import.templateLink}
        </Button>
      </div>

      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className={styles.picker}>
          <label htmlFor={inputId} className={styles.label}>
            {MSG.import.fileLabel}
          </label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className={styles.file}
            disabled={uploading}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={!file || uploading} aria-busy={uploading}>
          {uploading ? MSG.import.submitting : MSG.import.submit}
        </Button>
      </form>

      {state.kind === 'uploading' && (
        <ProgressBar percent={state.percent} label={MSG.import.progress(state.percent)} />
      )}
      {state.kind === 'imported' && (
        <Notice tone="success">
          <ImportOutcome
            message={state.message}
            listTitle={
              state.duplicates.length ? MSG.import.duplicates(state.duplicates.length) : null
            }
            items={state.duplicates.map((duplicate) => duplicate.email)}
          />
        </Notice>
      )}
      {state.kind === 'failed' && (
        <Notice tone="error">
          <ImportOutcome
            message={state.message}
            listTitle={state.problems.length ? MSG.import.rowProblems : null}
            items={state.problems}
          />
        </Notice>
      )}
    </div>
  );
}
