import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startAnvil } from './anvil';

describe('anvil and Ctrl-C', () => {
  it('runs in a process group of its own, so the terminal signal reaches the server first, and stops with it', async () => {
    const anvil = await startAnvil();
    const pid = anvil.process.pid ?? 0;
    try {
      expect(processGroup(pid)).toBe(pid);
      expect(processGroup(pid)).not.toBe(processGroup(process.pid));
    } finally {
      await anvil.stop();
    }
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});

/** The process group a process is in: the fifth field of /proc/PID/stat, after the parenthesised command. */
function processGroup(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
}
