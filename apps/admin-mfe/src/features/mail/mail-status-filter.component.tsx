import { useId } from 'react';
import { MAIL_STATUSES, MAIL_TEXTS, type MailStatus } from '@psicocampus/shared/mail';
import filters from '../../lib/filter-controls.module.css';
import styles from './mail.module.css';

const T = MAIL_TEXTS;

interface Props {
  /** '' shows every status. */
  status: MailStatus | '';
  onChange: (status: MailStatus | '') => void;
}

/** 'Estado': which mails the list shows, all of them or one status. */
export function MailStatusFilter({ status, onChange }: Props) {
  const id = useId();
  return (
    <div className={`${filters.filter} ${styles.statusFilter}`}>
      <label htmlFor={`${id}-status`}>{T.statusFilter}</label>
      <select
        id={`${id}-status`}
        className={filters.control}
        value={status}
        onChange={(event) => onChange(event.target.value as MailStatus | '')}
      >
        <option value="">{T.allStatuses}</option>
        {MAIL_STATUSES.map((value) => (
          <option key={value} value={value}>
            {T.filterLabels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
