import { cp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fulfillOrderArgs,
  listingOrder,
  orderPrice,
  receiptOf,
  SEAPORT_ABI,
  seaportTypedData,
  type SignedOrder,
} from '@floordesk/contracts';
import { type Devnet, startDevnet, toPostListing } from '@floordesk/devnet';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import { type Account, type Address, createWalletClient, http, type LocalAccount, type TransactionReceipt } from 'viem';
import { foundry } from 'viem/chains';
import pino from 'pino';
import type { ChainAccess } from '../apps/server/src/chain/client';
import { type Indexer, INDEXER_LOCK_KEY, startIndexer } from '../apps/server/src/chain/indexer';
import { temporaryDataDir } from '../apps/server/src/db/embedded';
import { type DatabaseConnection, tryAdvisoryLock } from '../apps/server/src/db/pool';
import type { AppContext } from '../apps/server/src/context';
import { submitListing } from '../apps/server/src/market/listings/submit';
import { CHAIN_CONSUMERS } from '../apps/server/src/chain-consumers';

const ORIGIN = 'http://127.0.0.1:1';

/**
 * A devnet for a bench, started from a copy of a deployed snapshot kept under the OS temp dir: the first run
 * deploys (and compiles on a cold artifact cache), later runs only copy. startDevnet on the snapshot itself
 * redeploys it when the contracts or the catalog changed, so the copy is never stale.
 */
export async function startBenchDevnet(blockTimeSeconds: number): Promise<Devnet & { remove(): Promise<void> }> {
  const snapshot = path.join(tmpdir(), 'floordesk-bench', 'devnet-snapshot');
  await mkdir(snapshot, { recursive: true });
  const pristine = await startDevnet({
    dataDir: snapshot,
    origin: ORIGIN,
    blockTimeSeconds: 0,
    onProgress: (message) => console.log(`devnet: ${message}`),
  });
  await pristine.stop();

  const dir = await temporaryDataDir();
  await cp(snapshot, dir.path, { recursive: true });
  const devnet = await startDevnet({ dataDir: dir.path, origin: ORIGIN, blockTimeSeconds });
  return {
    ...devnet,
    async remove() {
      await devnet.stop();
      await dir.remove();
    },
  };
}

/**
 * The indexer as main.ts starts it (the writer lock, silent logs), following the devnet's head from `startBlock` on
 * a bench's database.
 */
export function startBenchIndexer(
  database: DatabaseConnection,
  chain: ChainAccess,
  startBlock: number,
  pollMs?: number,
): Indexer {
  return startIndexer({
    db: database.db,
    writerLock: () => tryAdvisoryLock(database.pool, INDEXER_LOCK_KEY),
    chain,
    now: () => new Date(),
    log: pino({ level: 'silent' }),
    startBlock,
    consumers: CHAIN_CONSUMERS,
    ...(pollMs !== undefined && { pollMs }),
  });
}

/** A listing to sign: one ERC-721 token, on OpenSea's terms with the collection's royalty. */
export type BenchListing = {
  collection: Address;
  royaltyBps: number;
  tokenId: bigint;
  priceWei: bigint;
  startTime: bigint;
  endTime: bigint;
  salt: bigint;
};

/**
 * Signs a listing as `seller` and hands it to the order book in-process, as a marketplace connector does; throws if
 * the order book refuses it.
 */
export async function postBenchListing(
  ctx: AppContext,
  devnet: Devnet,
  seller: LocalAccount,
  listing: BenchListing,
): Promise<SignedOrder> {
  const order = listingOrder({
    offerer: seller.address,
    token: { address: listing.collection, standard: 'erc721', royaltyBps: listing.royaltyBps },
    tokenId: listing.tokenId,
    amount: 1n,
    priceWei: listing.priceWei,
    marketplace: { conduitKey: devnet.manifest.conduit.key, ...devnet.manifest.marketplaces.opensea },
    royaltyRecipient: devnet.manifest.deployer,
    startTime: listing.startTime,
    endTime: listing.endTime,
    salt: listing.salt,
    counter: 0n,
  });
  const signature = await seller.signTypedData(seaportTypedData(order, DEVNET_CHAIN_ID, devnet.manifest.seaport));
  const posted = await submitListing(
    ctx,
    toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet.manifest.seaport),
  );
  if (!posted.ok) throw new Error(`the order book refused a listing: ${posted.status}`);
  return { order, signature };
}

/** Each buyer fills one order with Seaport's fulfillOrder, all sent at once so they share a block; their receipts. */
export function fillAtOnce(
  devnet: Devnet,
  chain: ChainAccess,
  buyers: readonly Account[],
  orders: readonly SignedOrder[],
): Promise<TransactionReceipt[]> {
  return Promise.all(
    orders.map(async (signed, i) => {
      const buyer = buyers[i];
      if (!buyer) throw new Error(`no buyer for order ${i}`);
      const wallet = createWalletClient({ account: buyer, chain: foundry, transport: http(devnet.rpcUrl) });
      const hash = await wallet.writeContract({
        address: devnet.manifest.seaport,
        abi: SEAPORT_ABI,
        functionName: 'fulfillOrder',
        args: fulfillOrderArgs(signed),
        value: orderPrice(signed.order),
      });
      return receiptOf(chain.client, hash);
    }),
  );
}
