import { useId } from 'react';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import type { RecordExportInFlight } from './use-record-export';
import styles from './record-export-progress.module.css';

const S = RECORD_EXPORT_MSG.screen;

/**
 * How far a download is: a share of it when the server said its size (the
 * PDF), else how much arrived (the FHIR Bundle is streamed, its size unknown
 * until it ends), on a native progress bar that assistive technology reads.
 */
export function RecordExportProgress({ inFlight }: { inFlight: RecordExportInFlight }) {
  const id = useId();
  const { received, total } = inFlight.progress;
  return (
    <div className={styles.progress}>
      <label htmlFor={id} className={styles.label}>
        {S.progress(S.formatName[inFlight.format], received, total)}
      </label>
      {/* Without a value the bar is indeterminate: it moves without claiming a share. */}
      <progress
        id={id}
        className={styles.bar}
        max={total ?? undefined}
        value={total ? received : undefined}
      />
    </div>
  );
}
