import { describe, expect, it } from 'vitest';
import { startRepeating } from './repeat';

const noop = (): void => {};

describe('startRepeating', () => {
  it('runs again after each run, and stop() waits for the run in flight and ends the repeats', async () => {
    const events: string[] = [];
    let release = noop;
    let reachedThird = noop;
    const third = new Promise<void>((resolve) => (reachedThird = resolve));
    let runs = 0;
    const repeating = startRepeating(async () => {
      runs++;
      events.push(`start ${runs}`);
      if (runs === 3) {
        reachedThird();
        await new Promise<void>((resolve) => (release = resolve));
      }
      events.push(`end ${runs}`);
    }, 1);
    await third;
    const stopped = repeating.stop().then(() => events.push('stopped'));
    release();
    await stopped;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3', 'stopped']);
  });
});

describe('startRepeating wake', () => {
  it('runs at once when woken between runs, and once more after a run it interrupts', async () => {
    let runs = 0;
    let release = noop;
    const repeating = startRepeating(async () => {
      runs++;
      if (runs === 2) await new Promise<void>((resolve) => (release = resolve));
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(1);
    repeating.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    // Woken while the second run is in flight: a third follows it without waiting the interval.
    repeating.wake();
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(3);
    await repeating.stop();
  });
});
