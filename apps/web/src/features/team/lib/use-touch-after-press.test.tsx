import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTouchAfterPress } from './use-touch-after-press';

describe('useTouchAfterPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('touches at once when a field is left by keyboard', () => {
    const touch = vi.fn();
    const { result } = renderHook(() => useTouchAfterPress<string>(touch));
    result.current('gender');
    expect(touch).toHaveBeenCalledWith('gender');
  });

  it('holds a touch made during a press until just after the click that ends it, so the click lands where it was aimed', () => {
    const touch = vi.fn();
    const { result } = renderHook(() => useTouchAfterPress<string>(touch));
    fireEvent.pointerDown(document.body);
    result.current('gender');
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    expect(touch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(0));
    expect(touch).toHaveBeenCalledWith('gender');
  });

  it('applies the held touch a moment after a press that made no click', () => {
    const touch = vi.fn();
    const { result } = renderHook(() => useTouchAfterPress<string>(touch));
    fireEvent.pointerDown(document.body);
    result.current('name');
    fireEvent.pointerUp(document.body);
    act(() => vi.advanceTimersByTime(499));
    expect(touch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(touch).toHaveBeenCalledWith('name');
  });
});
