import { useId, type ReactNode } from 'react';
import { MSG } from '@psicocampus/shared';
import { VisuallyHidden } from '@psicocampus/shared/ui';
import styles from './patients-list.module.css';

interface Props {
  query: string;
  onChange: (query: string) => void;
  /** How many match, announced politely while searching; null when not searching. */
  matches: number | null;
  /** More ways to narrow the list, beside the search box (the level filter). */
  children?: ReactNode;
}

/** 'Buscar paciente...': filters the list as the user types. */
export function PatientsSearch({ query, onChange, matches, children }: Props) {
  const id = useId();
  return (
    <div className={styles.search} role="search">
      <div className={styles.searchField}>
        {/* Inside the field's box: an empty label beside it would take the row's gap. */}
        <label htmlFor={id}>
          <VisuallyHidden>{MSG.students.searchLabel}</VisuallyHidden>
        </label>
        <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
        <input
          id={id}
          type="search"
          className={styles.searchInput}
          placeholder={MSG.students.searchPlaceholder}
          value={query}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {children}
      <p className={styles.matches} role="status" aria-live="polite">
        {matches === null ? '' : MSG.students.matches(matches)}
      </p>
    </div>
  );
}
