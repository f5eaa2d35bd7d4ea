import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

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
