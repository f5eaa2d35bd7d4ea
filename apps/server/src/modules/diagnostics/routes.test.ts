import { Diagnostics } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import { testConfig } from '../../testing/server';

const database = useTestDatabase();
const devnet = useTestDevnet();

describe('GET /api/diagnostics', () => {
  it('reports the head, the cursor, the lag and what has been indexed, as plain JSON', async () => {
    const app = await buildServer({ config: testConfig(), db: database().db, chain: devnet().chain });
    try {
      const before = Diagnostics.parse((await app.inject('/api/diagnostics')).json());
      expect(before.cursor).toBeNull();
      expect(before.lag_blocks).toBeNull();
      expect(before.simulator.state).toBe('off');

      await indexToHead(indexerOptions(database(), devnet().chain));
      const response = await app.inject('/api/diagnostics');
      expect(response.statusCode).toBe(200);
      const after = Diagnostics.parse(response.json());
      expect(after.head?.number).toBe(after.cursor?.number);
      expect(after.lag_blocks).toBe(0);
      expect(after.collections).toBe(devnet().manifest.collections.length);
      const { rows } = await database().pool.query<{ count: number }>('select count(*)::int as count from transfers');
      expect(after.transfers).toBe(rows[0]?.count);
      expect(after.transfers).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('answers without a chain: no head, no lag', async () => {
    const app = await buildServer({ config: testConfig(), db: database().db });
    try {
      const body = Diagnostics.parse((await app.inject('/api/diagnostics')).json());
      expect(body.head).toBeNull();
      expect(body.lag_blocks).toBeNull();
    } finally {
      await app.close();
    }
  });
});
