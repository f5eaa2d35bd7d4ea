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
