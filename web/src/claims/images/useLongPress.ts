/** Long press on touch (and mouse): fires after holding still; the tap that ends it is swallowed. */
import { useCallback, useEffect, useRef } from 'react';

export const LONG_PRESS_MS = 1000;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

export const useLongPress = (onLongPress: () => void, onTap: () => void, enabled = true, delay = LONG_PRESS_MS) => {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const latest = useRef({ onLongPress, onTap });
  latest.current = { onLongPress, onTap };

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (!enabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    fired.current = false;
    start.current = { x: e.clientX, y: e.clientY };
    timer.current = setTimeout(() => {
      fired.current = true;
      timer.current = null;
      latest.current.onLongPress();
    }, delay);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const s = start.current;
    if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > MOVE_TOLERANCE_PX) cancel();
  };
  const onClick = () => {
    if (fired.current) {
      fired.current = false;
      return;
    }
    latest.current.onTap();
  };
  // A touch ends with compatibility mouse events at the finger's spot, where our question now
  // sits: after a long press they must not reach it.
  const onTouchEnd = (e: React.TouchEvent) => {
    if (fired.current && e.cancelable) e.preventDefault();
  };
  // The browser's own long-press menu (save image…) would cover our question.
  const onContextMenu = (e: React.MouseEvent) => {
    if (enabled) e.preventDefault();
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClick,
    onContextMenu,
    onTouchEnd,
  };
};
