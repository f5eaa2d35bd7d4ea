import { botAccounts, toPostListing } from '@floordesk/devnet';
import { DEFAULT_GAS_ENTRIES, DEVNET_CHAIN_ID, normalizeAddress, SweepQuoteRequest } from '@floordesk/protocol';
import { parseEther } from 'viem';
import { devnetChainAccess } from '../apps/server/src/devnet';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { submitListing } from '../apps/server/src/market/listings/submit';
import { quoteSweep } from '../apps/server/src/modules/sweep/service';
import { recordLogin } from '../apps/server/src/modules/user/service';
import { insertCollection } from '../apps/server/src/testing/market-rows';
import { DevnetMarket } from '../e2e/support/devnet-market';
import { openBenchServer } from './bench-database';
import { startBenchDevnet } from './bench-devnet';
import type { Benchmark } from './run';
import { quantile, round, timed } from './stats';

const COLLECTION = 'rust-choir';
const COUNT = 30;
/** Listings in the book: each of the 19 idle bots beside the buyer lists this many, at distinct prices. */
const PER_SELLER = 6;
const BASE_PRICE = parseEther('0.05');
const PRICE_STEP = parseEther('0.0001');
const WARM_UP = 10;
const ITERATIONS = 100;
const TARGET_P50_MS = 150;
const SELLERS = botAccounts().slice(1);

/**
 * What a trader waits for between SWEEP and the wallet's prompt, on the server's side: `quoteSweep` for 30 items, as
 * POST /api/sweep/quote runs it (minus HTTP): one query of the collection's listings, the selection, the balance,
 * the simulations of the transaction on the pending block (a second one filling every order, as spares ride along),
 * the fees and the order record. The book holds 114 fillable ERC-721 listings from 19 sellers on the devnet's real
 * Seaport (OpenSea's conduit, fee and royalty), and the buyer accepts enough that 5 spares join the 30. A fresh
 * embedded PostgreSQL and an automining anvil on this machine. Target: p50 < 150 ms.
 */
const benchmark: Benchmark = {
  description: `quoteSweep: plan + simulate + estimate for ${COUNT} items over ${PER_SELLER * SELLERS.length} listings`,
  async run() {
    const devnet = await startBenchDevnet(0);
    const server = await openBenchServer();
    try {
      const database = await server.freshDatabase('floordesk_bench_sweep_quote');
      try {
        const buyer = normalizeAddress(botAccounts()[0]!.address);
        const chain = devnetChainAccess(devnet.rpcUrl, devnet.manifest);
        const ctx: AppContext = {
          config: { ...loadConfig({}), premiumAddresses: new Set([buyer]) },
          db: database.db,
          now: () => new Date(),
          chain,
        };
        const market = await DevnetMarket.open(devnet.rpcUrl, devnet.manifest, { pollingMs: 10 });
        const collection = market.collection(COLLECTION);
        await insertCollection(database.pool, normalizeAddress(collection.address), { standard: 'erc721' });
        await recordLogin(database.db, buyer, new Date());

        const listings = (
          await Promise.all(
            SELLERS.map((seller, s) =>
              market.createListings(
                seller,
                COLLECTION,
                Array.from({ length: PER_SELLER }, (_, i) => BASE_PRICE + PRICE_STEP * BigInt(s * PER_SELLER + i)),
              ),
            ),
          )
        ).flat();
        for (const listing of listings) {
          const accepted = await submitListing(ctx, toPostListing(listing, DEVNET_CHAIN_ID, devnet.manifest.seaport));
          if (!accepted.ok) throw new Error(`the order book refused a listing: ${accepted.status}`);
        }

        const request = SweepQuoteRequest.parse({
          chain_id: DEVNET_CHAIN_ID,
          collection: collection.address,
          count: COUNT,
          max_total: parseEther('2').toString(),
          marketplaces: ['opensea', 'looks'],
          skip_pending_flagged: true,
          gas: DEFAULT_GAS_ENTRIES[1],
        });
        const samples: number[] = [];
        let spares = 0;
        for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
          let answer: Awaited<ReturnType<typeof quoteSweep>> | undefined;
          const ms = await timed(async () => {
            answer = await quoteSweep(ctx, buyer, request);
          });
          if (!answer?.ok) throw new Error(`the quote was refused: ${answer?.status}`);
          const planned = answer.value.items.filter((item) => item.role === 'buy').length;
          if (planned !== COUNT) throw new Error(`the quote planned ${planned} items, not ${COUNT}`);
          spares = answer.value.items.filter((item) => item.role === 'spare').length;
          if (i >= WARM_UP) samples.push(ms);
        }
        const figures = {
          p50_ms: round(quantile(samples, 0.5), 1),
          p90_ms: round(quantile(samples, 0.9), 1),
          p99_ms: round(quantile(samples, 0.99), 1),
          items: COUNT,
          spares,
          listings: listings.length,
        };
        console.table([figures]);
        console.log(`p50 ${figures.p50_ms} ms (target < ${TARGET_P50_MS} ms)`);
        return figures;
      } finally {
        await database.drop();
      }
    } finally {
      await server.stop();
      await devnet.remove();
    }
  },
};

export default benchmark;
