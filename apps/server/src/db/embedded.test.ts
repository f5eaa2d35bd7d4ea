import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, temporaryDataDir } from './embedded';

describe('embedded PostgreSQL started by root', () => {
  it.skipIf(process.getuid?.() !== 0)(
    'refuses at once a data directory under a private one, naming it and what to do',
    async () => {
      // mktemp -d makes mode 0700, as /root is: the postgres user cannot enter it.
      const privateDir = await mkdtemp(path.join(tmpdir(), 'floordesk-private-'));
      try {
        const dataDir = path.join(privateDir, 'data');
        const started = performance.now();

        const refusal = startEmbeddedPostgres(dataDir, () => {});

        await expect(refusal).rejects.toThrow(
          `cannot enter ${privateDir} (mode 0700) above its data directory ${dataDir}. Run FloorDesk as a regular ` +
            'user, or move DATA_DIR under a directory every user may enter',
        );
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      } finally {
        await rm(privateDir, { recursive: true, force: true });
      }
    },
  );
});

describe('embedded PostgreSQL and Ctrl-C', () => {
  it('runs in a process group of its own, so the terminal signal reaches the server first, and stops with it', async () => {
    const dataDir = await temporaryDataDir();
    try {
      const server = await startEmbeddedPostgres(dataDir.path, () => {});
      const postmaster = Number(
        (await readFile(path.join(dataDir.path, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );

      try {
        expect(processGroup(postmaster)).toBe(postmaster);
        expect(processGroup(postmaster)).not.toBe(processGroup(process.pid));
      } finally {
        await server.stop();
      }
      expect(isRunning(postmaster)).toBe(false);
    } finally {
      await dataDir.remove();
    }
  });
});

/** The process group a process is in: the fifth field of /proc/PID/stat, after the parenthesised command. */
function processGroup(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
}

function isRunning(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}
