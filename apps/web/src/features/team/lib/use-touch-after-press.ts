import { useCallback, useEffect, useRef } from 'react';

/** Ends a press that made no click (a drag off the page, a scroll) so its touches are not held back for good. */
const PRESS_WITHOUT_CLICK_MS = 500;

/**
 * Marks a field touched when it loses focus, but not in the middle of a press. A press on the next field blurs
 * the one before it; the error that then appears under that one pushes everything below it down before the
 * press ends, so the click lands beside the field that was pressed (the Role select of Add User did not
 * open). Touches made during a press are applied right after the click that ends it; a blur by keyboard
 * (Tab) touches at once.
 */
export function useTouchAfterPress<T>(touch: (field: T) => void): (field: T) => void {
  const pressed = useRef(false);
  const pending = useRef<T[]>([]);
  const touchRef = useRef(touch);
  useEffect(() => {
    touchRef.current = touch;
  });
  useEffect(() => {
    let flushTimer: number | undefined;
    let endTimer: number | undefined;
    const touchPending = () => {
      for (const field of pending.current.splice(0)) touchRef.current(field);
    };
    const endPress = () => {
      pressed.current = false;
      window.clearTimeout(endTimer);
    };
    const down = () => {
      pressed.current = true;
      window.clearTimeout(endTimer);
    };
    // On a touch screen focus moves after the finger lifts (the click's compatibility mousedown): the press
    // lasts until the click, or a moment after the release when no click comes.
    const up = () => {
      window.clearTimeout(endTimer);
      endTimer = window.setTimeout(() => {
        if (!pressed.current) return;
        endPress();
        touchPending();
      }, PRESS_WITHOUT_CLICK_MS);
    };
    const click = () => {
      if (!pressed.current) return;
      endPress();
      // After the click's own handlers (the select opening) have run.
      flushTimer = window.setTimeout(touchPending, 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    document.addEventListener('click', click, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      document.removeEventListener('click', click, true);
      window.clearTimeout(flushTimer);
      window.clearTimeout(endTimer);
    };
  }, []);
  return useCallback((field: T) => {
    if (pressed.current) pending.current.push(field);
    else touchRef.current(field);
  }, []);
}
