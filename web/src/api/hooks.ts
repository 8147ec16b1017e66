import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { countdownLabel } from './forms.ts';
import { paths } from './accounts.ts';
import type { Profile } from './accounts.ts';
import { useSession } from './session.ts';

/** Send-code countdown: start(n) after a successful send. */
export const useCountdown = () => {
  const [remaining, setRemaining] = useState(0);
  const [started, setStarted] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
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

/** The logged-in user's profile (null key while logged out). */
export const useProfile = () => {
  const session = useSession();
  return useSWR<Profile>(session ? paths.profile : null);
};
