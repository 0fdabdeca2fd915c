import { useEffect, useState } from 'react';

/** The current time (ms), refreshed every minute: what "upcoming" and "today" are measured from. */
export function useNow(refreshMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}
