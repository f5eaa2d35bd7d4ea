import { receiptOf } from '@floordesk/contracts';
import { ACCOUNT_PLAN, devnetAccount, rpc } from '@floordesk/devnet';
import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { formatGwei, formatUnits, parseAbi, parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import { walletOf } from '../../testing/market';
import { buildTestServer, testConfig } from '../../testing/server';
import { type GasPriceWatcher, startGasPriceWatcher } from './watcher';

const database = useTestDatabase();
const devnet = useTestDevnet();
const FEED_ABI = parseAbi([
  'function updateAnswer(int256 answer)',
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
]);
let watcher: GasPriceWatcher;
let app: FastifyInstance;

beforeAll(async () => {
  watcher = startGasPriceWatcher({ chain: devnet().chain, log: pino({ level: 'silent' }), pollMs: 50 });
  app = await buildServer({ config: testConfig(), db: database().db, gasPrice: watcher.latest });
});
afterAll(async () => {
  await app.close();
  await watcher.stop();
});

async function gasPrice() {
  const response = await app.inject({ method: 'GET', url: '/api/market/gas-price' });
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data as { gas_price: number; eth_price: number; block_number: number };
}

/** What the chain itself says at its head. */
async function onChain() {
  const { client, contracts } = devnet().chain;
  const block = await client.getBlock({ blockTag: 'latest' });
  const [, answer] = await client.readContract({
    address: contracts.ethUsdFeed as `0x${string}`,
    abi: FEED_ABI,
    functionName: 'latestRoundData',
    blockNumber: block.number,
  });
  return {
    gas_price: Number(formatGwei(block.baseFeePerGas ?? 0n)),
    eth_price: Number(formatUnits(answer, 8)),
    block_number: Number(block.number),
  };
}

describe('GET /api/market/gas-price (open to visitors)', () => {
  it("reports the latest block's base fee in Gwei and the ETH/USD feed's answer", async () => {
    const expected = await onChain();
    await vi.waitFor(() => expect(watcher.latest()?.block_number).toBe(expected.block_number));
    expect(await gasPrice()).toEqual(expected);
  });

  it('follows the chain: a block with another base fee and a new feed answer show up', async () => {
    const before = await gasPrice();
    await rpc(devnet().rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [`0x${parseGwei('42').toString(16)}`]);
    const deployer = devnetAccount(ACCOUNT_PLAN.deployer);
    const answer = BigInt(Math.round((before.eth_price + 123.45) * 1e8));
    const hash = await walletOf(devnet(), deployer).writeContract({
      address: devnet().chain.contracts.ethUsdFeed as `0x${string}`,
      abi: FEED_ABI,
      functionName: 'updateAnswer',
      args: [answer],
      // Above the base fee its block will have.
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    });
    const receipt = await receiptOf(devnet().chain.client, hash);
    await vi.waitFor(() => expect(watcher.latest()?.block_number).toBeGreaterThanOrEqual(Number(receipt.blockNumber)));
    const after = await gasPrice();
    expect(after).toEqual(await onChain());
    expect(after.eth_price).toBe(Number(formatUnits(answer, 8)));
    expect(after.gas_price).toBe(42);
  });

  it('answers that the chain is unavailable (HTTP 200, status 1299) before a first read, or without a chain', async () => {
    const chainless = await buildTestServer(database());
    try {
      const response = await chainless.inject({ method: 'GET', url: '/api/market/gas-price' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: Status.ChainUnavailable, data: null });
    } finally {
      await chainless.close();
    }
  });
});
