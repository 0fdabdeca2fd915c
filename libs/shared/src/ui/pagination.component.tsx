import { MSG } from '@psicocampus/shared/domain';
import { Button } from './button.component';
import styles from './pagination.module.css';

interface Props {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark ('Páginas del registro de auditoría'). */
  label: string;
  /** The total, as the list says it ('1.234 entradas'). */
  totalText?: string;
}

/** How many pages `total` items fill (at least one, so an empty list is 'Página 1 de 1'). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** 'Anterior' / 'Página X de Y' / 'Siguiente', and the total. */
export function Pagination({ page, pageSize, total, onPageChange, label, totalText }: Props) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <Button
        variant="secondary"
        className={styles.button}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <span aria-hidden="true">‹</span> {MSG.audit.previous}
      </Button>
      <p className={styles.status} aria-live="polite">
        {MSG.audit.pageOf(Math.min(page, pages), pages)}
        {totalText && <span className={styles.total}> · {totalText}</span>}
      </p>
      <Button
        variant="secondary"
        className={styles.button}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {MSG.audit.next} <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
