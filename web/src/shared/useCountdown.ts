import { useCallback, useEffect, useRef, useState } from 'react';
import { countdownLabel } from '../api/forms.ts';

/** Send-code countdown: start(n) after a successful send. */
export const useCountdown = () => {
  const [remaining, setRemaining] = useState(0);
  const [started, setStarted] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop reads only the ref; clear the timer on unmount alone
  useEffect(() => stop, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop reads only the ref, so start never needs to change
  const start = useCallback((seconds: number) => {
    stop();
    setStarted(true);
    setRemaining(seconds);
    const endsAt = Date.now() + seconds * 1000;
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) stop();
    }, 250);
  }, []);
  return { remaining, running: remaining > 0, label: countdownLabel(remaining, started), start };
};
