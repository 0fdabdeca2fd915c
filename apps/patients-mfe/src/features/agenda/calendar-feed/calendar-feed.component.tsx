import { useId, useState } from 'react';
import { CALENDAR_FEED_MSG as T } from '@psicocampus/shared/calendar-feed';
import { Button, LoadingMessage, Modal, Notice } from '@psicocampus/shared/ui';
import { CalendarFeedLink } from './calendar-feed-link.component';
import { useCalendarFeed } from './use-calendar-feed';
import styles from './calendar-feed.module.css';

/**
 * "Suscribirse desde tu calendario" (docs/api.md#calendar-feed): a button of the Agenda that
 * opens the panel of the psychologist's calendar feed.
 */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {T.open}
      </Button>
      {open && <CalendarFeedDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** Create or renew the secret link, copy it, choose whether names show, revoke it. */
export function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeed(true);
  const checkId = useId();
  const hintId = useId();

  return (
    <Modal
      open
      title={T.title}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      <div className={styles.panel}>
        <p className={styles.intro}>{T.intro}</p>
        {feed.isLoading && <LoadingMessage text={T.loading} />}
        {feed.isError && <Notice tone="error">{T.loadError}</Notice>}
        {!feed.isLoading && !feed.isError && (
          <>
            {feed.url ? (
              <CalendarFeedLink url={feed.url} />
            ) : (
              <p className={styles.hint}>{feed.exists ? T.active : T.none}</p>
            )}
            <div className={styles.check}>
              <input
                id={checkId}
                type="checkbox"
                checked={feed.showNames}
                disabled={feed.busy}
                aria-describedby={hintId}
                onChange={(event) => void feed.changeShowNames(event.target.checked)}
              />
              <div>
                <label htmlFor={checkId}>{T.showNames}</label>
                <p id={hintId} className={styles.hint}>
                  {T.showNamesHint}
                </p>
              </div>
            </div>
            <div className={styles.actions}>
              <Button disabled={feed.busy} onClick={() => void feed.createLink()}>
                {feed.exists ? T.rotate : T.create}
              </Button>
              {feed.exists && (
                <Button
                  variant="danger"
                  disabled={feed.busy}
                  onClick={() => void feed.revokeLink()}
                >
                  {T.revoke}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
