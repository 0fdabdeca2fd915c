import { memo, useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { fullName, initials, MSG, type StudentSummary } from '@psicocampus/shared';
import { Button, EmailAddress, InitialsAvatar, VisuallyHidden } from '@psicocampus/shared/ui';
import { PatientsTableHeader } from './patients-table-header.component';
import { StudentRiskCell } from './student-risk-cell.component';
import type { RiskSort } from './risk-view';
import { useLayoutBand } from './use-narrow-layout';
import styles from './patients-table.module.css';

/**
 * The table's layouts, widest first: the width (rem) below which each
 * applies, and what a row's height is estimated at in it before it is
 * drawn (rem; the virtualiser works in pixels of the user's font size).
 * Each row is then measured as drawn: a name, an e-mail or a level that
 * wraps makes its row taller, never spills into the next one. Keep the
 * widths in step with the container queries in patients-table.module.css.
 * - columns side by side;
 * - narrow (a tablet, or a window beside the menu): each row stacks name,
 *   level, e-mail and career beside its buttons;
 * - compact (a phone): the buttons go under them, as a card.
 */
/** Where the columns' least widths (61.5rem with gaps and padding) no longer fit. */
const NARROW_REM = 62;
const COMPACT_REM = 30;
const BANDS_REM = [NARROW_REM, COMPACT_REM] as const;
const ESTIMATED_ROW_REM = [4.5, 7.5, 11] as const;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no gaps. */
const OVERSCAN = 6;

function remPx(): number {
  const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(rootSize) && rootSize > 0 ? rootSize : 16;
}

/**
 * A row's height as drawn (its border box, whole pixels up so that rows
 * never overlap); where nothing is drawn (a test's document), the estimate.
 */
function drawnHeight(element: Element, entry: ResizeObserverEntry | undefined, estimate: number) {
  const box = entry?.borderBoxSize?.[0];
  const height = box ? box.blockSize : element.getBoundingClientRect().height;
  return height > 0 ? Math.ceil(height) : estimate;
}

export interface PatientActions {
  onOpen: (student: StudentSummary) => void;
  onNotes: (student: StudentSummary) => void;
  onEdit: (student: StudentSummary) => void;
  onSchedule: (student: StudentSummary) => void;
}

interface Props extends PatientActions {
  students: readonly StudentSummary[];
  /** The order of the 'Nivel de riesgo' column, and what its header's button does. */
  riskSort: RiskSort;
  onRiskSort: () => void;
}

/**
 * The patients table (docs/screens-and-routes.md#patients-list: Estudiante, Nivel de riesgo, Email,
 * Carrera, Acciones), its level column sorted by the header's button, and
 * virtualised (docs/limits-and-budgets.md#speed-and-size-budgets): only the rows in view are in the DOM, while
 * `aria-rowcount` / `aria-rowindex` tell assistive technology the whole size.
 */
export function PatientsTable({ students, riskSort, onRiskSort, ...actions }: Props) {
  const tableRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [rem] = useState(remPx);
  const band = useLayoutBand(tableRef, BANDS_REM);
  const rowHeight = rem * ESTIMATED_ROW_REM[band]!;
  // This build does not use the React Compiler; the virtualiser re-renders the table itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: students.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => students[index]?._id ?? index,
    measureElement: (element, entry) => drawnHeight(element, entry, rowHeight),
    overscan: OVERSCAN,
    // What the first render assumes, before the scroll container has been measured.
    initialRect: { width: 1024, height: 600 },
  });
  // The layout restacked: estimate and measure the rows again.
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  return (
    <div
      ref={tableRef}
      role="table"
      aria-label={MSG.students.tableLabel}
      aria-rowcount={students.length + 1}
      className={styles.table}
    >
      <div ref={scrollRef} className={styles.scroll}>
        <PatientsTableHeader riskSort={riskSort} onRiskSort={onRiskSort} />
        <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const student = students[item.index];
            return student ? (
              <PatientRow
                key={item.key}
                ref={virtualizer.measureElement}
                index={item.index}
                student={student}
                top={item.start}
                {...actions}
              />
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps extends PatientActions {
  /** The virtualiser's callback: it measures the row as drawn. */
  ref: (element: HTMLDivElement | null) => void;
  /** The row's place in the list (0 is the first student). */
  index: number;
  student: StudentSummary;
  top: number;
}

/** One patient: click (or Enter on the focused row) opens the detail. */
const PatientRow = memo(function PatientRow({
  ref,
  index,
  student,
  top,
  onOpen,
  onNotes,
  onEdit,
  onSchedule,
}: RowProps) {
  const name = fullName(student);
  return (
    <div
      ref={ref}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={0}
      className={`${styles.row} ${styles.bodyRow}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('button')) onOpen(student);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          onOpen(student);
        }
      }}
    >
      <div role="cell" className={styles.studentCell}>
        <span className={styles.avatar}>
          <InitialsAvatar initials={initials(student)} />
        </span>
        <span className={styles.wraps}>{name}</span>
      </div>
      <div role="cell" className={styles.riskCell}>
        <StudentRiskCell risk={student.latestRisk} />
      </div>
      <div role="cell" className={`${styles.wrapsAnywhere} ${styles.emailCell}`}>
        <EmailAddress address={student.email} />
      </div>
      <div role="cell" className={`${styles.wraps} ${styles.careerCell}`}>
        {student.career}
      </div>
      <div role="cell" className={styles.actions}>
        <Button variant="secondary" className={styles.action} onClick={() => onEdit(student)}>
          {MSG.students.edit}
          <VisuallyHidden> ({name})</VisuallyHidden>
        </Button>
        <Button variant="secondary" className={styles.action} onClick={() => onNotes(student)}>
          {MSG.students.notes}
          <VisuallyHidden> ({name})</VisuallyHidden>
        </Button>
        <Button variant="secondary" className={styles.action} onClick={() => onSchedule(student)}>
          {MSG.students.schedule}
          <VisuallyHidden> ({name})</VisuallyHidden>
        </Button>
      </div>
    </div>
  );
});
