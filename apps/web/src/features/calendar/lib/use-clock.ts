import { useEffect, useState } from 'react';

/** The current time, read again every minute: the now-line moves and "today" turns at midnight. */
export function useClock(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
