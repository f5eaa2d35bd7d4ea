import { Diagnostics } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { decodeLogs } from '../../chain/decode';
import { storeBlocks } from '../../chain/store';
import { CHAIN_CONSUMERS } from '../../chain-consumers';
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

describe('GET /metrics', () => {
  it("counts the indexer's skipped logs by reason, from the database, across batches", async () => {
    const app = await buildServer({ config: testConfig(), db: database().db, chain: devnet().chain });
    const { seaport } = devnet().manifest;
    // OrderFulfilled from the exchange's own address, its data cut short.
    const malformed = {
      address: seaport,
      topics: ['0x9d9af8e38d66c62e2c12f0225249fd9d721c54b83f48d9352c97c6cacdcb6f31', `0x${'0'.repeat(64)}`],
      data: '0x1234',
      blockNumber: '0x1',
      transactionHash: `0x${'cd'.repeat(32)}`,
      logIndex: '0x0',
    };
    const block = { number: 1, hash: `0x${'01'.repeat(32)}`, parentHash: `0x${'00'.repeat(32)}`, timestamp: 1 };
    try {
      for (let batch = 0; batch < 2; batch++) {
        const events = decodeLogs([malformed], devnet().chain.contracts);
        await database().db.transaction((tx) =>
          storeBlocks(tx, [{ ...block, transactions: [] }], events, new Date(), CHAIN_CONSUMERS),
        );
      }
      const metrics = (await app.inject('/metrics')).body;
      expect(metrics).toMatch(/indexer_skipped_logs\{reason="malformed"\} 2/);
      expect(metrics).toMatch(/indexer_skipped_logs\{reason="foreign"\} 0/);
    } finally {
      await app.close();
    }
  });
});
