/** Ease-in-out cubic on [0, 1]. */
export const easeInOutCubic = (t: number): number => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Animated window scroll to `top` in `duration` ms; resolves when done. */
export const animateScroll = (top: number, duration: number): Promise<void> =>
  new Promise((resolve) => {
    const start = window.scrollY;
    const delta = top - start;
    if (delta === 0 || duration <= 0) {
      window.scrollTo(0, top);
      resolve();
      return;
    }
    const t0 = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - t0) / duration);
      window.scrollTo(0, start + delta * easeInOutCubic(t));
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
