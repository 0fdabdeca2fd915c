import { useId, type ReactNode } from 'react';
import table from './data-table.module.css';

interface Props {
  caption: string;
  columns: readonly string[];
  /** The screen's own classes: under 44rem the audit log's and the mail queue's rows become cards. */
  wrapClassName: string;
  tableClassName: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * A captioned table with one header row, in a region that is focusable so
 * the table scrolls sideways with the keyboard where it does not fit.
 */
export function ScrollableTable({
  caption,
  columns,
  wrapClassName,
  tableClassName,
  children,
}: Props) {
  const captionId = useId();
  return (
    <div
      className={`${table.wrap} ${wrapClassName}`}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={`${table.table} ${tableClassName}`}>
        <caption id={captionId} className={table.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
