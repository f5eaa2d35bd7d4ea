import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTION_DEBOUNCE_MS } from './constants';
import { useActionGate } from './use-action-gate';

describe('useActionGate', () => {
  it('lets an action through only after 500 ms without an attempt, each attempt restarting that time', () => {
    let now = 10_000;
    const { result } = renderHook(() => useActionGate(ACTION_DEBOUNCE_MS, () => now));
    expect(result.current.pass()).toBe(true);
    now += 200;
    expect(result.current.pass()).toBe(false);
    now += 400; // 600 ms after the first, 400 ms after the last attempt
    expect(result.current.pass()).toBe(false);
    now += 500;
    expect(result.current.pass()).toBe(true);
  });

  it('keeps its memory across renders', () => {
    let now = 0;
    const { result, rerender } = renderHook(() => useActionGate(ACTION_DEBOUNCE_MS, () => now));
    expect(result.current.pass()).toBe(true);
    rerender();
    now = 100;
    expect(result.current.pass()).toBe(false);
  });
});
