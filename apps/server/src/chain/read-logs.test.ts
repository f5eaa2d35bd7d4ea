import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINNET_CONTRACTS } from './chain-contracts';
import { createChainClient } from './client';
import { SEAPORT_DECODERS } from './decoders/seaport';
import { poolSwapTopics } from './decoders/registry';
import { TOKEN_TOPICS, TRANSFER_TOPIC } from './decoders/tokens';
import { getLogsSplitting, indexedLogFilters, readIndexedLogs } from './read-logs';

/**
 * A JSON-RPC node that caps log queries as providers document it: a range over `maxBlocks` is refused with the
 * provider's words; each block holds one log per filter it is asked, so what comes back shows which ranges were read.
 */
type Refusal = { code: number; message: string };
type Node = { url: string; asked: Array<{ from: number; to: number; filter: Record<string, unknown> }> };

function node(maxBlocks: number, refusal: Refusal): Promise<Node & { server: Server }> {
  const asked: Node['asked'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const calls = [JSON.parse(body)].flat() as Array<{
        id: number;
        method: string;
        params: Array<Record<string, unknown>>;
      }>;
      const answers = calls.map((call) => {
        if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: '0x1' };
        const filter = call.params[0] as { fromBlock: string; toBlock: string; address?: unknown };
        const from = Number(filter.fromBlock);
        const to = Number(filter.toBlock);
        asked.push({ from, to, filter });
        if (to - from + 1 > maxBlocks) return { jsonrpc: '2.0', id: call.id, error: refusal };
        const kind = filter.address ? '0x' + '11'.repeat(20) : '0x' + '22'.repeat(20);
        const result = Array.from({ length: to - from + 1 }, (_, i) => ({
          address: kind,
          topics: [],
          data: '0x',
          blockNumber: `0x${(from + i).toString(16)}`,
          blockHash: `0x${(from + i).toString(16).padStart(64, '0')}`,
          transactionHash: `0x${'ab'.repeat(32)}`,
          logIndex: filter.address ? '0x0' : '0x1',
          removed: false,
        }));
        return { jsonrpc: '2.0', id: call.id, result };
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, asked, url: `http://127.0.0.1:${port}` });
    }),
  );
}

const ALCHEMY: Refusal = {
  code: -32602,
  message:
    'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size',
};

describe('reading the indexed logs', () => {
  let capped: Awaited<ReturnType<typeof node>>;
  beforeAll(async () => {
    capped = await node(8, ALCHEMY);
  });
  afterAll(() => capped.server.close());

  it("asks for an exchange's events by its address, never by their topic alone", () => {
    const filters = indexedLogFilters(MAINNET_CONTRACTS, []);
    const seaportTopics = Object.keys(SEAPORT_DECODERS);
    const byAddress = filters.find((filter) => filter.address);
    expect(byAddress?.address).toEqual(
      expect.arrayContaining(MAINNET_CONTRACTS.exchanges.map(({ address }) => address)),
    );
    expect(byAddress?.topics[0]).toEqual(expect.arrayContaining(seaportTopics));
    for (const filter of filters.filter((candidate) => !candidate.address)) {
      expect(filter.topics[0]).not.toEqual(expect.arrayContaining([seaportTopics[0]]));
    }
  });

  it("asks no eth_getLogs for a token event without the collections' addresses, and only the tracked ones", async () => {
    const client = createChainClient(capped.url, 1);
    const collections = Array.from({ length: 1200 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
    for (const tracked of [[], collections]) {
      capped.asked.length = 0;
      await readIndexedLogs(client, MAINNET_CONTRACTS, 10, 13, tracked);
      const asked = capped.asked.map(({ filter }) => filter as { address?: string[]; topics: string[][] });
      const tokenFilters = asked.filter((filter) => filter.topics[0]!.some((topic) => TOKEN_TOPICS.includes(topic)));
      for (const filter of tokenFilters) {
        expect(filter.address?.length).toBeGreaterThan(0);
        expect(filter.address?.length).toBeLessThanOrEqual(500);
        expect(filter.address!.every((address) => tracked.includes(address))).toBe(true);
      }
      const asAddresses = new Set(tokenFilters.flatMap((filter) => filter.address ?? []));
      expect(asAddresses.size).toBe(tracked.length);
      // The one filter by topic alone asks sudoswap's swaps, which no ERC-20 shares.
      const topicOnly = asked.filter((filter) => !filter.address);
      expect(topicOnly.map((filter) => filter.topics[0]!.toSorted())).toEqual([
        [...poolSwapTopics(MAINNET_CONTRACTS).keys()].toSorted(),
      ]);
      expect(topicOnly[0]!.topics[0]).not.toContain(TRANSFER_TOPIC);
    }
  });

  it('halves a range the provider refuses as too large until each part is answered, and loses no block', async () => {
    const client = createChainClient(capped.url, 1);
    capped.asked.length = 0;
    const logs = await getLogsSplitting(client, { topics: [] }, 100, 139);
    expect(logs.map((log) => Number(log.blockNumber))).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
    const answered = capped.asked.filter(({ from, to }) => to - from + 1 <= 8);
    expect(answered.reduce((blocks, { from, to }) => blocks + to - from + 1, 0)).toBe(40);
  });

  it('merges the filters in chain order, each log once', async () => {
    const client = createChainClient(capped.url, 1);
    const logs = await readIndexedLogs(client, MAINNET_CONTRACTS, 10, 29, [`0x${'33'.repeat(20)}`]);
    expect(logs).toHaveLength(40);
    const order = logs.map((log) => [Number(log.blockNumber), Number(log.logIndex)]);
    expect(order).toEqual(order.toSorted((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('gives a rate limit back to the caller instead of asking twice as often', async () => {
    const limited = await node(0, {
      code: -32000,
      message: 'Your app has exceeded its compute units per second capacity',
    });
    try {
      await expect(getLogsSplitting(createChainClient(limited.url, 1), { topics: [] }, 1, 64)).rejects.toThrow(
        /capacity/,
      );
      expect(limited.asked.length).toBeLessThanOrEqual(5);
    } finally {
      limited.server.close();
    }
  });
});
