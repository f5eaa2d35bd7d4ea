import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  type Hex,
  parseAbi,
  toEventSelector,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { MAINNET_CONTRACTS } from './chain-contracts';
import { createChainClient } from './client';
import { SUDOSWAP_V2_EVENTS } from './decoders/sudoswap-v2';
import { TOKEN_EVENTS, TOKEN_TOPICS } from './decoders/tokens';
import { StoredPools } from './pool-registry';
import type { NodeLog } from './read-logs';
import { readRange, type RangeReader } from './read-range';
import { TrackedCollections } from './tracked-collections';

/**
 * A mainnet-like node for one range: two contracts emit sudoswap v2's swap (one a pool the factory made, one an
 * imitation it denies), each moving an NFT of a collection FloorDesk does not track yet; the collection's token
 * moves again later in the range, in a plain transfer. It answers eth_getLogs from these logs as a node filters
 * them, the receipts and transactions, and the factory's `isValidPair`, counting what it was asked.
 */
const FACTORY_ABI = parseAbi(['function isValidPair(address pairAddress) view returns (bool)']);
const FACTORY = '0xa020d57ab0448ef74115c112d18a9c231cc86000';
const REAL_POOL = `0x${'a1'.repeat(20)}` as const;
const FAKE_POOL = `0x${'f1'.repeat(20)}` as const;
const COLLECTION = `0x${'c0'.repeat(20)}` as const;
const TRADER = `0x${'b0'.repeat(20)}` as const;
const LATER_OWNER = `0x${'d0'.repeat(20)}` as const;
const blockHash = (block: number) => `0x${block.toString(16).padStart(64, 'e')}` as Hex;
const [, , swapOut] = SUDOSWAP_V2_EVENTS;
const [transfer] = TOKEN_EVENTS;
const txHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

function log(address: Hex, topics: Hex[], data: Hex, block: number, tx: number, index: number): NodeLog {
  return {
    address,
    topics,
    data,
    blockNumber: `0x${block.toString(16)}`,
    blockHash: blockHash(block),
    blockTimestamp: '0x6553f100',
    transactionHash: txHash(tx),
    logIndex: `0x${index.toString(16)}`,
    removed: false,
  };
}

const swapLog = (pool: Hex, tokenId: bigint, tx: number, index: number) =>
  log(
    pool,
    [toEventSelector(swapOut)],
    encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [10n ** 17n, [tokenId]]),
    100,
    tx,
    index,
  );
const transferLog = (from: Hex, to: Hex, tokenId: bigint, block: number, tx: number, index: number) =>
  log(COLLECTION, encodeEventTopics({ abi: [transfer], args: { from, to, tokenId } }) as Hex[], '0x', block, tx, index);

/** tx 1: a swap out of the factory's pool; tx 2: the imitation's; tx 3: the token sold in tx 1 moving on. */
const CHAIN_LOGS: NodeLog[] = [
  transferLog(REAL_POOL, TRADER, 7n, 100, 1, 0),
  swapLog(REAL_POOL, 7n, 1, 1),
  transferLog(FAKE_POOL, TRADER, 8n, 100, 2, 2),
  swapLog(FAKE_POOL, 8n, 2, 3),
  transferLog(TRADER, LATER_OWNER, 7n, 104, 3, 0),
];

type Call = { method: string; params: unknown[] };

function matches(
  entry: NodeLog,
  filter: { address?: string[]; topics?: string[][]; fromBlock: string; toBlock: string },
) {
  const block = Number(entry.blockNumber);
  if (block < Number(filter.fromBlock) || block > Number(filter.toBlock)) return false;
  if (filter.address && !filter.address.includes(entry.address)) return false;
  const topics = filter.topics?.[0];
  return !topics || topics.includes(entry.topics[0]!);
}

function answer({ method, params }: Call): unknown {
  switch (method) {
    case 'eth_chainId':
      return '0x1';
    case 'eth_getLogs':
      return CHAIN_LOGS.filter((entry) => matches(entry, params[0] as Parameters<typeof matches>[1]));
    case 'eth_getTransactionReceipt': {
      const hash = params[0] as string;
      const logs = CHAIN_LOGS.filter((entry) => entry.transactionHash === hash);
      return {
        blockHash: logs[0]!.blockHash,
        blockNumber: logs[0]!.blockNumber,
        contractAddress: null,
        cumulativeGasUsed: '0x5208',
        effectiveGasPrice: '0x3b9aca00',
        from: TRADER,
        gasUsed: '0x5208',
        logs,
        logsBloom: `0x${'00'.repeat(256)}`,
        status: '0x1',
        to: logs[0]!.address,
        transactionHash: hash,
        transactionIndex: '0x0',
        type: '0x2',
      };
    }
    case 'eth_getTransactionByHash': {
      const hash = params[0] as string;
      const first = CHAIN_LOGS.find((entry) => entry.transactionHash === hash)!;
      return {
        blockHash: first.blockHash,
        blockNumber: first.blockNumber,
        from: TRADER,
        gas: '0x5208',
        gasPrice: '0x3b9aca00',
        maxFeePerGas: '0x3b9aca00',
        maxPriorityFeePerGas: '0x1',
        hash,
        input: '0x',
        nonce: '0x0',
        to: first.address,
        transactionIndex: '0x0',
        value: '0x16345785d8a0000',
        type: '0x2',
        chainId: '0x1',
        v: '0x0',
        r: `0x${'11'.repeat(32)}`,
        s: `0x${'22'.repeat(32)}`,
        yParity: '0x0',
        accessList: [],
      };
    }
    case 'eth_call': {
      const { to, data } = params[0] as { to: string; data: Hex };
      if (to !== FACTORY) throw new Error(`unexpected call to ${to}`);
      const { args } = decodeFunctionData({ abi: FACTORY_ABI, data });
      return encodeFunctionResult({
        abi: FACTORY_ABI,
        functionName: 'isValidPair',
        result: args[0].toLowerCase() === REAL_POOL,
      });
    }
    default:
      throw new Error(`unexpected ${method}`);
  }
}

const database = useTestDatabase();
let server: Server;
let url: string;
const asked: Call[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const parsed = JSON.parse(body) as Array<Call & { id: number }> | (Call & { id: number });
      const answers = [parsed].flat().map((call) => {
        asked.push(call);
        try {
          return { jsonrpc: '2.0', id: call.id, result: answer(call) };
        } catch (error) {
          return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: String(error) } };
        }
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

function reader(): RangeReader {
  const chain = { client: createChainClient(url, 1), contracts: MAINNET_CONTRACTS };
  return { chain, collections: TrackedCollections.of([]), pools: new StoredPools(database().db, chain) };
}

const factoryCalls = () => asked.filter((call) => call.method === 'eth_call');

describe('reading a range of mainnet', () => {
  it('counts a swap from a pool the factory vouches for, not one it denies, and asks the factory once per pool', async () => {
    const first = reader();
    const read = await readRange(first, 100, 110);
    expect(read.events.sales).toMatchObject([
      { protocol: 'sudoswap-v2', collection: COLLECTION, tokenId: 7n, buyer: TRADER, seller: REAL_POOL },
    ]);
    expect(read.events.sales[0]?.paymentToken).toBe(zeroAddress);
    expect(read.events.foreign).toBe(1);
    expect(factoryCalls()).toHaveLength(2);

    // Read again, by this reader and by a fresh one (another step, another process): the answers are stored.
    await readRange(first, 100, 110);
    const again = await readRange(reader(), 100, 110);
    expect(factoryCalls()).toHaveLength(2);
    expect(again.events.foreign).toBe(1);
    expect(again.events.sales).toHaveLength(1);
    const { rows } = await database().pool.query('select address, factory_made from amm_pools order by address');
    expect(rows).toEqual([
      { address: REAL_POOL, factory_made: true },
      { address: FAKE_POOL, factory_made: false },
    ]);
  });

  it('tracks a collection first seen in a sale, with its later transfers in the range, never asking Transfer alone', async () => {
    asked.length = 0;
    const range = reader();
    const read = await readRange(range, 100, 110);
    expect(range.collections.has(COLLECTION)).toBe(true);
    // The sale's transfer (from its receipt) and the token's next move (asked by the collection's address); the
    // imitation's transfer is no sale's, but its collection is now tracked, so it is kept too.
    expect(read.events.transfers.map((t) => [t.txHash, t.tokenId, t.to])).toEqual([
      [txHash(1), 7n, TRADER],
      [txHash(2), 8n, TRADER],
      [txHash(3), 7n, LATER_OWNER],
    ]);
    // Receipts were asked for the vouched pool's swap only.
    const receipts = asked.filter((call) => call.method === 'eth_getTransactionReceipt').map((call) => call.params[0]);
    expect(receipts).toEqual(expect.arrayContaining([txHash(1)]));
    expect(receipts).not.toContain(txHash(2));
    const logFilters = asked
      .filter((call) => call.method === 'eth_getLogs')
      .map((call) => call.params[0] as { address?: string[]; topics: string[][] });
    const tokenFilters = logFilters.filter((filter) => filter.topics[0]!.some((topic) => TOKEN_TOPICS.includes(topic)));
    expect(tokenFilters.length).toBeGreaterThan(0);
    expect(tokenFilters.every((filter) => (filter.address?.length ?? 0) > 0)).toBe(true);
  });
});
