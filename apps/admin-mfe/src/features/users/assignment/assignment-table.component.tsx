import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useState } from 'react';
import {
  fullName,
  MSG,
  SEMESTER_LABELS,
  type AdminStudentRow,
  type StaffUser,
} from '@psicocampus/shared';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import table from '../../../lib/data-table.module.css';
import styles from '../users.module.css';

interface Props {
  students: readonly AdminStudentRow[];
  /** Who a student can be assigned to: active psychologists only. */
  psychologists: readonly StaffUser[];
  busyId: string | null;
  /** Resolves true when the assignment changed; otherwise the row shows the current one again. */
  onAssign: (student: AdminStudentRow, psychologist: StaffUser | null) => Promise<boolean>;
}

const UNASSIGN = 'none';

/** Each student (no clinical content, docs/permissions.md#administrators) with their psychologist and a way to change it. */
export function AssignmentTable({ students, psychologists, busyId, onAssign }: Props) {
  const M = ADMIN_MSG;
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className={table.caption}>{M.assignmentCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.columnStudent}</th>
            <th scope="col">{M.columnEmail}</th>
            <th scope="col">{MSG.students.labels.career}</th>
            <th scope="col">{M.columnSemester}</th>
            <th scope="col">{M.columnPsychologist}</th>
            <th scope="col">{M.columnAssign}</th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            // Keyed by the assignment too: once it changes, the row's choice starts again from it.
            <AssignmentRow
              key={`${student._id}:${student.assignedPsychologist?._id ?? UNASSIGN}`}
              student={student}
              psychologists={psychologists}
              busy={busyId === student._id}
              onAssign={onAssign}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AssignmentRow({
  student,
  psychologists,
  busy,
  onAssign,
}: {
  student: AdminStudentRow;
  psychologists: readonly StaffUser[];
  busy: boolean;
  onAssign: Props['onAssign'];
}) {
  const M = ADMIN_MSG;
  const name = fullName(student);
  const current = student.assignedPsychologist?._id ?? UNASSIGN;
  // Until the user picks, the current assignment (when it can be chosen: an active psychologist).
  const [picked, setPicked] = useState<string | null>(null);
  const choice =
    picked ??
    (current === UNASSIGN || psychologists.some((user) => user._id === current) ? current : '');
  const chosen = psychologists.find((user) => user._id === choice) ?? null;
  const unchanged = choice === '' || choice === current;

  return (
    <tr>
      <th scope="row">{name}</th>
      <td className={styles.email}>{student.email}</td>
      <td>{student.career}</td>
      <td className={table.nowrap}>{SEMESTER_LABELS[student.careerLevel]}</td>
      <td>
        {student.assignedPsychologist ? (
          fullName(student.assignedPsychologist)
        ) : (
          <span className={styles.unassigned}>{M.unassigned}</span>
        )}
      </td>
      <td>
        <div className={styles.assign}>
          <select
            aria-label={M.assignSelectLabel(name)}
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
            <option value={UNASSIGN}>{M.unassigned}</option>
          </select>
          <Button
            variant="secondary"
            className={styles.action}
            disabled={busy || unchanged}
            aria-busy={busy}
            onClick={() =>
              void onAssign(student, choice === UNASSIGN ? null : chosen).then((changed) => {
                if (!changed) setPicked(null);
              })
            }
          >
            {busy ? M.assigning : M.assign}
            <VisuallyHidden> ({name})</VisuallyHidden>
          </Button>
        </div>
      </td>
    </tr>
  );
}
