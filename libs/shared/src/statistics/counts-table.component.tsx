import { MSG } from '@psicocampus/shared/domain';
import type { StatisticsChartRow } from './statistics-charts';
import styles from './counts-table.module.css';

interface Props {
  caption: string;
  categoryHeader: string;
  countHeader: string;
  rows: readonly StatisticsChartRow[];
  total: number;
}

const format = (count: number) => count.toLocaleString('es');

/**
 * A chart's data as a table (docs/screens-and-routes.md#statistics: the alternative for screen
 * readers): one row per category with its count, and the total.
 */
export function CountsTable({ caption, categoryHeader, countHeader, rows, total }: Props) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{categoryHeader}</th>
          <th scope="col" className={styles.count}>
            {countHeader}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={styles.category}>
              {row.mark && (
                <span className={styles.mark} style={{ color: row.color }} aria-hidden="true">
                  {row.mark}
                </span>
              )}
              {row.label}
            </th>
            <td className={styles.count}>{format(row.count)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{MSG.statistics.total}</th>
          <td className={styles.count}>{format(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
