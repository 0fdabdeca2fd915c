import { MSG } from '@psicocampus/shared/domain';
import styles from './counts-table.module.css';

export interface SeriesTableColumn {
  key: string;
  label: string;
}

export interface SeriesTableRow {
  key: string;
  label: string;
  /** One count per column key. */
  counts: Readonly<Record<string, number>>;
}

interface Props {
  caption: string;
  categoryHeader: string;
  columns: readonly SeriesTableColumn[];
  rows: readonly SeriesTableRow[];
}

const format = (count: number) => count.toLocaleString('es');

/**
 * A chart of several series as a table (docs/screens-and-routes.md#statistics:
 * the alternative for screen readers): one row per category, one column per
 * series, and each column's total last, as `CountsTable` does for one series.
 */
export function SeriesTable({ caption, categoryHeader, columns, rows }: Props) {
  const totalOf = (column: string) => rows.reduce((sum, row) => sum + (row.counts[column] ?? 0), 0);
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{categoryHeader}</th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={styles.count}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={styles.category}>
              {row.label}
            </th>
            {columns.map((column) => (
              <td key={column.key} className={styles.count}>
                {format(row.counts[column.key] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{MSG.statistics.total}</th>
          {columns.map((column) => (
            <td key={column.key} className={styles.count}>
              {format(totalOf(column.key))}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
