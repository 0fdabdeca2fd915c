import { useId, useRef, useState } from 'react';
import { CALENDAR_FEED_MSG as T } from '@psicocampus/shared/calendar-feed';
import { Button } from '@psicocampus/shared/ui';
import styles from './calendar-feed.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** The new feed URL, shown this once, with a button that copies it. */
export function CalendarFeedLink({ url }: { url: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // Without the clipboard (an old browser, a denied permission) the text is ready to copy by hand.
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={styles.panel}>
      <label htmlFor={inputId}>{T.link}</label>
      <div className={styles.linkRow}>
        <input
          ref={input}
          id={inputId}
          className={styles.link}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyLink()}>
          {T.copy}
        </Button>
      </div>
      <p className={styles.hint} role="status">
        {copy === 'copied' ? T.copied : copy === 'failed' ? T.copyFailed : T.onlyOnce}
      </p>
    </div>
  );
}
