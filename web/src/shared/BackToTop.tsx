import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { animateScroll } from './scroll.ts';

/** Appears after scrolling one viewport height; scrolls to the top in 500 ms. */
export const BackToTop = () => {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = () => setVisible(window.scrollY >= window.innerHeight);
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);
  if (!visible) return null;
  return (
    <Button
      className="fb-back-to-top"
      icon="arrow-up"
      intent="primary"
      size="large"
      aria-label="回到顶部"
      title="回到顶部"
      onClick={() => void animateScroll(0, 500)}
    />
  );
};
