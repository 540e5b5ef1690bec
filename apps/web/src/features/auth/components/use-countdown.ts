import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a resend countdown that starts at `initial`; `restart` starts it again. */
export function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => {
    if (seconds <= 0) return;
    const id = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [seconds]);
  const restart = useCallback((from: number = initial) => setSeconds(from), [initial]);
  return { seconds, restart };
}
