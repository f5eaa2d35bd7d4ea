import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_SHAKE_MS } from './constants';
import { useShake } from './use-shake';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useShake', () => {
  it('shakes for 3 s from each trigger while active', () => {
    const { result, rerender } = renderHook(({ active, trigger }) => useShake(active, trigger, MENU_SHAKE_MS), {
      initialProps: { active: true, trigger: 0 },
    });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);

    rerender({ active: true, trigger: 1 });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1500));
    rerender({ active: true, trigger: 2 });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('never shakes while inactive, and starts when it turns active', () => {
    const { result, rerender } = renderHook(({ active, trigger }) => useShake(active, trigger, MENU_SHAKE_MS), {
      initialProps: { active: false, trigger: 0 },
    });
    expect(result.current).toBe(false);
    rerender({ active: false, trigger: 1 });
    expect(result.current).toBe(false);
    rerender({ active: true, trigger: 1 });
    expect(result.current).toBe(true);
    rerender({ active: false, trigger: 1 });
    expect(result.current).toBe(false);
  });
});
