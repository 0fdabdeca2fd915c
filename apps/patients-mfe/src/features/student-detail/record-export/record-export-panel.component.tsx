import type { KeyboardEvent } from 'react';
import {
  RECORD_EXPORT_FORMATS,
  RECORD_EXPORT_MSG,
  recordExportPaths,
} from '@psicocampus/shared/record-export';
import { RecordExportProgress, useRecordExport } from '@psicocampus/shared/record-export-ui';
import { Button } from '@psicocampus/shared/ui';
import styles from './record-export.module.css';

const S = RECORD_EXPORT_MSG.screen;

interface Props {
  /** The panel's id, which the 'Historia completa' button controls. */
  id: string;
  studentId: string;
  /** Escape closes the panel (focus goes back to its button). */
  onClose: () => void;
}

/**
 * 'Historia completa' opened (docs/screens-and-routes.md#student-detail): the
 * student's whole record as one PDF or a FHIR Bundle, with how far the
 * download is. It sits in the page's flow, under the header, so it covers
 * nothing around it at any width.
 */
export function RecordExportPanel({ id, studentId, onClose }: Props) {
  const { start, inFlight } = useRecordExport(S.downloadError);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <section id={id} className={styles.panel} aria-label={S.action} onKeyDown={onKeyDown}>
      <p className={styles.hint}>{S.hint}</p>
      <div className={styles.buttons}>
        {RECORD_EXPORT_FORMATS.map((format) => (
          // Not disabled while another runs: a disabled button would drop the keyboard's focus.
          <Button
            key={format}
            variant="secondary"
            aria-label={S.download(S.formatName[format])}
            aria-disabled={inFlight !== null}
            aria-busy={inFlight?.format === format}
            onClick={() => void start(studentId, format, recordExportPaths.own(studentId, format))}
          >
            {S.formatName[format]}
          </Button>
        ))}
      </div>
      {inFlight && <RecordExportProgress inFlight={inFlight} />}
    </section>
  );
}
