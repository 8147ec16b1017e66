import { useEffect, useState } from 'react';

/** The current time, re-read every second while `running` (countdowns to a due time). */
export const useNow = (running = true): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
};

const NARROW = '(max-width: 640px)';
const narrowNow = () => typeof window !== 'undefined' && !!window.matchMedia?.(NARROW).matches;

/** True on a phone-sized screen, following resizes (the cashier picks its layout by it). */
export const useNarrow = (): boolean => {
  const [narrow, setNarrow] = useState(narrowNow);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const apply = () => setNarrow(query.matches);
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  return narrow;
};
