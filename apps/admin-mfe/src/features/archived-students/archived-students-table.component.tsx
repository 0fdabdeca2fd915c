import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useState } from 'react';
import {
  formatDate,
  formatDateTime,
  fullName,
  MSG,
  type ArchivedStudentRow,
  type StaffUser,
} from '@psicocampus/shared';
import {
  RECORD_EXPORT_FORMATS,
  RECORD_EXPORT_MSG,
  type RecordExportFormat,
} from '@psicocampus/shared/record-export';
import {
  RecordExportProgress,
  type RecordExportInFlight,
} from '@psicocampus/shared/record-export-ui';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import table from '../../lib/data-table.module.css';
import styles from './archived-students.module.css';

const T = ADMIN_MSG.archived;
const S = RECORD_EXPORT_MSG.screen;

interface Props {
  students: readonly ArchivedStudentRow[];
  /** Who a student may be restored to: active psychologists only. */
  psychologists: readonly StaffUser[];
  busyId: string | null;
  /** Resolves true when the student was restored. */
  onRestore: (student: ArchivedStudentRow, psychologist: StaffUser) => Promise<boolean>;
  /** The whole-record export under way, if any (one at a time). */
  exporting: RecordExportInFlight | null;
  /** Asks first, then downloads; resolves true once downloaded. */
  onExport: (student: ArchivedStudentRow, format: RecordExportFormat) => Promise<boolean>;
}

/** Each archived student: who, when, by whom, how many records; never a clinical text. */
export function ArchivedStudentsTable({
  students,
  psychologists,
  busyId,
  onRestore,
  exporting,
  onExport,
}: Props) {
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className={table.caption}>{T.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columnStudent}</th>
            <th scope="col">{T.columnCreated}</th>
            <th scope="col">{T.columnArchived}</th>
            <th scope="col">{T.columnArchivedBy}</th>
            <th scope="col">{T.columnRecords}</th>
            <th scope="col">{T.columnRestore}</th>
            <th scope="col">{S.columnExport}</th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            <ArchivedStudentRowView
              key={student._id}
              student={student}
              psychologists={psychologists}
              busy={busyId === student._id}
              onRestore={onRestore}
              exporting={exporting}
              onExport={onExport}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ArchivedStudentRowView({
  student,
  psychologists,
  busy,
  onRestore,
  exporting,
  onExport,
}: {
  student: ArchivedStudentRow;
  psychologists: readonly StaffUser[];
  busy: boolean;
  onRestore: Props['onRestore'];
  exporting: Props['exporting'];
  onExport: Props['onExport'];
}) {
  const name = fullName(student);
  const archiver = student.archivedBy;
  // The psychologist who archived the student, when they can take them back.
  const [picked, setPicked] = useState<string | null>(null);
  const choice =
    picked ?? (psychologists.some((user) => user._id === archiver?._id) ? archiver!._id : '');
  const chosen = psychologists.find((user) => user._id === choice) ?? null;
  const { notes, assessments, safetyPlanRevisions, appointments } = student.records;

  return (
    <tr>
      <th scope="row">
        {name}
        <span className={styles.email}>{student.email}</span>
      </th>
      <td className={table.nowrap}>{formatDate(student.createdAt)}</td>
      <td className={table.nowrap}>{formatDateTime(student.archivedAt)}</td>
      <td>{archiver ? fullName(archiver) : T.unknownArchiver}</td>
      <td>{T.records(notes, assessments, safetyPlanRevisions, appointments)}</td>
      <td>
        <div className={styles.restore}>
          <select
            aria-label={T.restoreTo(name)}
            value={choice}
            onChange={(event) => setPicked(event.target.value)}
            disabled={busy}
          >
            <option value="" disabled>
              {MSG.common.selectPlaceholder}
            </option>
            {psychologists.map((user) => (
              <option key={user._id} value={user._id}>
                {fullName(user)}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            className={styles.action}
            disabled={busy || !chosen}
            aria-busy={busy}
            onClick={() => {
              if (chosen) void onRestore(student, chosen);
            }}
          >
            {busy ? T.restoring : T.restore}
            <VisuallyHidden> ({name})</VisuallyHidden>
          </Button>
        </div>
      </td>
      <td>
        <ExportButtons student={student} exporting={exporting} onExport={onExport} />
      </td>
    </tr>
  );
}

/**
 * The row's whole-record export (docs/api.md#record-export): PDF or FHIR, each
 * asking first; while one runs, how far it is, in the row that asked for it.
 */
function ExportButtons({
  student,
  exporting,
  onExport,
}: {
  student: ArchivedStudentRow;
  exporting: Props['exporting'];
  onExport: Props['onExport'];
}) {
  const name = fullName(student);
  const mine = exporting?.key === student._id ? exporting : null;
  return (
    <div className={styles.export}>
      <div className={styles.formats}>
        {RECORD_EXPORT_FORMATS.map((format) => (
          // Not disabled while one runs: a disabled button would drop the keyboard's focus.
          <Button
            key={format}
            variant="secondary"
            className={styles.action}
            aria-label={S.exportName(name, S.formatName[format])}
            aria-disabled={exporting !== null}
            aria-busy={mine?.format === format}
            onClick={() => {
              if (!exporting) void onExport(student, format);
            }}
          >
            {S.formatName[format]}
          </Button>
        ))}
      </div>
      {mine && <RecordExportProgress inFlight={mine} />}
    </div>
  );
}
