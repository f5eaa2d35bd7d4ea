import { basicOrderArgs, SEAPORT_ABI } from '@floordesk/contracts';
import { devnetAccount } from '@floordesk/devnet';
import { MAINNET_CHAIN_ID } from '@floordesk/protocol';
import { type Address, encodeFunctionData, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { usePlainMainnet } from '../testing/plain-mainnet';
import { runScript } from '../testing/run-script';
import { MAINNET_CONTRACTS, seaportAddress } from './chain-contracts';

/**
 * `npm run backfill` as an operator runs it on mainnet: its own process, RPC_URL a plain anvil with mainnet's Seaport
 * at its mainnet address (nothing of FloorDesk's devnet), DATABASE_URL an empty database, so the traded collection is
 * found through its sales.
 */
const database = useTestDatabase();
const chainOf = usePlainMainnet();
const traders = [devnetAccount(3), devnetAccount(4)];
let head: number;

/** The command with `args`, the environment an operator sets for mainnet with `changes` on top (undefined unsets). */
async function backfillWith(changes: NodeJS.ProcessEnv, ...args: string[]) {
  return runScript('apps/server/src/chain/backfill-cli.ts', args, {
    env: {
      ...process.env,
      RPC_URL: chainOf().rpcUrl,
      CHAIN_ID: String(MAINNET_CHAIN_ID),
      DATABASE_URL: database().url,
      LOG_LEVEL: 'silent',
      ...changes,
    },
  });
}

const backfill = (...args: string[]) => backfillWith({}, ...args);

beforeAll(async () => {
  const { client, wallet } = chainOf();
  // Two OpenSea listings of the seller's, each bought on chain by a trader of its own.
  for (const [i, trader] of traders.entries()) {
    const listing = await chainOf().openSeaListing(BigInt(i + 1), parseEther('0.3'));
    const hash = await wallet(trader).sendTransaction({
      to: seaportAddress(MAINNET_CONTRACTS) as Address,
      data: encodeFunctionData({
        abi: SEAPORT_ABI,
        functionName: 'fulfillBasicOrder_efficient_6GL6yc',
        args: basicOrderArgs(listing),
      }),
      value: parseEther('0.3'),
    });
    const { status } = await client.waitForTransactionReceipt({ hash });
    if (status !== 'success') throw new Error(`the purchase of token ${i + 1} reverted`);
  }
  head = Number(await client.getBlockNumber({ cacheTime: 0 }));
}, 300_000);

describe('npm run backfill on mainnet', () => {
  it('indexes the range it is given, its progress in blocks, logs, sales and time left, and ends done', async () => {
    const { code, stderr } = await backfill('--from', '0', '--to', String(head), '--batch', '2');
    expect(code).toBe(0);
    const last = stderr.trim().split('\n').at(-1);
    expect(last).toMatch(
      new RegExp(`^backfill: blocks ${head + 1}/${head + 1} \\(100\\.0 %\\), \\d+ logs, 2 sales, ETA 0m00s: done$`),
    );
    const { rows } = await database().pool.query(
      'select token_id::text, protocol, marketplace, buyer, seller, price_wei::text from sales order by token_id',
    );
    expect(rows).toEqual(
      traders.map((trader, i) => ({
        token_id: String(i + 1),
        protocol: 'seaport',
        marketplace: 'opensea',
        buyer: trader.address.toLowerCase(),
        seller: chainOf().seller.address.toLowerCase(),
        price_wei: parseEther('0.3').toString(),
      })),
    );
    // The collection was found in its sales: its transfers and owners are indexed with them.
    const owners = await database().pool.query('select token_id::text, owner from tokens where token_id <= 2');
    expect(owners.rows).toEqual(
      expect.arrayContaining(
        traders.map((trader, i) => ({ token_id: String(i + 1), owner: trader.address.toLowerCase() })),
      ),
    );
    // The live indexer's cursor is left alone.
    expect((await database().pool.query('select count(*)::int as n from chain_blocks')).rows).toEqual([{ n: 0 }]);
  }, 120_000);

  it.each([
    [['--days'], '--days takes a whole number'],
    [['--from', '-5'], '--from takes a whole number, not -5'],
    [['--from', '1e3'], '--from takes a whole number, not 1e3'],
    [['--from', '3', '--days', '1'], 'give --from BLOCK or --days N (one of them)'],
    [['--days', '1', '--concurrency', '64'], '--concurrency is at most 16'],
    [['--block', '7'], 'unknown argument --block'],
  ])('refuses %j, saying why', async (args, why) => {
    const { code, stderr } = await backfill(...args);
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe(`backfill: ${why}`);
  });

  it('refuses the devnet (CHAIN_ID unset), which FloorDesk indexes from its first block itself', async () => {
    const { code, stderr } = await backfillWith({ CHAIN_ID: undefined }, '--from', '0');
    expect(code).toBe(1);
    expect(stderr).toBe(
      'backfill: set RPC_URL and CHAIN_ID to the chain to read (the devnet is indexed from its first block)\n',
    );
  });
});
