import { gunzipSync, gzipSync } from 'node:zlib';
import { LOOKSRARE_ABI, receiptOf } from '@floordesk/contracts';
import { botAccounts, rpc, toLooksRarePostListing, toPostListing } from '@floordesk/devnet';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import { type Account, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import {
  approveLooksRare,
  buildListing,
  buildLooksRareAsk,
  giveToken,
  ownedToken,
  signListing,
  signLooksRareAsk,
  walletOf,
} from '../../testing/market';
import { testConfig } from '../../testing/server';
import { fillableListings } from './fillable';
import { submitListing } from './submit';

const database = useTestDatabase();
const devnet = useTestDevnet();
let ctx: AppContext;
let collection: Address;
const bots = botAccounts();
const bot = (i: number) => bots[i] as Account;

beforeAll(() => {
  ctx = { config: testConfig(), db: database().db, now: () => new Date(), chain: devnet().chain };
  collection = devnet().manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
});

const index = () => indexToHead(indexerOptions(database(), devnet().chain));

async function list(seller: Account, tokenId: bigint): Promise<string> {
  const order = await buildListing(devnet(), seller, collection, tokenId);
  const signature = await signListing(devnet(), seller, order);
  const accepted = await submitListing(
    ctx,
    toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport),
  );
  if (!accepted.ok) throw new Error(`the order book refused the listing: ${accepted.status}`);
  return accepted.value.order_hash;
}

async function give(from: Account, to: Address, tokenId: bigint): Promise<void> {
  await giveToken(devnet(), from, collection, to, tokenId);
}

/** Whether the collection page and the sweep would offer the listing now. */
async function isFillable(orderHash: string): Promise<boolean> {
  const listings = await fillableListings(database().db, collection, new Date());
  return listings.some((listing) => listing.order_hash === orderHash);
}

const looksRare = () => devnet().manifest.looksRare.protocol;
const snapshot = () => rpc<Hex>(devnet().rpcUrl, 'evm_snapshot', []);
const revert = (id: Hex) => rpc(devnet().rpcUrl, 'evm_revert', [id]);

/**
 * Replaces the node's chain with a new one holding today's accounts and contracts but none of its blocks, as a
 * devnet rebuilt from its deploy is: no block the indexer stored is on it.
 */
async function resetChainKeepingState(): Promise<void> {
  const dump = await rpc<Hex>(devnet().rpcUrl, 'anvil_dumpState', []);
  const state = JSON.parse(gunzipSync(Buffer.from(dump.slice(2), 'hex')).toString()) as Record<string, unknown>;
  const withoutHistory = { ...state, block: null, blocks: [], transactions: [], best_block_number: null };
  await rpc(devnet().rpcUrl, 'anvil_reset', []);
  await rpc(devnet().rpcUrl, 'anvil_loadState', [`0x${gzipSync(JSON.stringify(withoutHistory)).toString('hex')}`]);
}

describe('listings after the chain changed under them', () => {
  it('takes a listing accepted on an orphaned branch off the book when the new branch moved its NFT elsewhere', async () => {
    await index();
    const [holder, seller, other] = [bot(1), bot(2), bot(3)];
    const tokenId = await ownedToken(devnet(), collection, holder.address);
    const fork = await snapshot();
    await give(holder, seller.address, tokenId);
    const orphaned = await list(seller, tokenId);
    await index();
    expect(await isFillable(orphaned)).toBe(true);

    await revert(fork);
    await give(holder, other.address, tokenId);
    await devnet().mine(3);
    await index();
    expect(await isFillable(orphaned)).toBe(false);
  }, 60_000);

  it('keeps a listing accepted after the fork point fillable when the new branch still backs it', async () => {
    await index();
    const seller = bot(4);
    const fork = await snapshot();
    const kept = await list(seller, await ownedToken(devnet(), collection, seller.address));
    await index();

    await revert(fork);
    await devnet().mine(3);
    await index();
    expect(await isFillable(kept)).toBe(true);
  }, 60_000);

  it('checks again a listing validated against a block that a reorg replaced before the indexer read it', async () => {
    await index();
    const [holder, seller, other] = [bot(5), bot(6), bot(7)];
    const tokenId = await ownedToken(devnet(), collection, holder.address);
    const fork = await snapshot();
    await give(holder, seller.address, tokenId);
    const unseen = await list(seller, tokenId);

    await revert(fork);
    await give(holder, other.address, tokenId);
    await devnet().mine(5);
    await index();
    expect(await isFillable(unseen)).toBe(false);
  }, 60_000);

  it('after a devnet reset keeps fillable only the listings the new chain backs', async () => {
    const [holder, seller, keeper] = [bot(6), bot(9), bot(0)];
    const given = await ownedToken(devnet(), collection, holder.address);
    const kept = await ownedToken(devnet(), collection, keeper.address);
    await index();
    const dumped = await snapshot();
    // The reset chain starts from the state as it is now, before these two listings.
    await give(holder, seller.address, given);
    const unbacked = await list(seller, given);
    const backed = await list(keeper, kept);
    await index();
    expect([await isFillable(unbacked), await isFillable(backed)]).toEqual([true, true]);

    await revert(dumped);
    await resetChainKeepingState();
    await devnet().mine(2);
    await index();
    expect([await isFillable(unbacked), await isFillable(backed)]).toEqual([false, true]);
  }, 60_000);

  it('re-checks LooksRare asks too: one whose subset the new branch cancelled ends, one it still backs stays', async () => {
    const [holder, seller] = [bot(0), bot(8)];
    // Two of the holder's tokens, given to a seller who lists nothing else.
    const tokenIds: bigint[] = [];
    for (let from = 1n; tokenIds.length < 2;) {
      const tokenId = await ownedToken(devnet(), collection, holder.address, from);
      await give(holder, seller.address, tokenId);
      tokenIds.push(tokenId);
      from = tokenId + 1n;
    }
    await approveLooksRare(devnet(), seller, collection);
    await index();
    const fork = await snapshot();
    const listAsk = async (subsetNonce: bigint) => {
      const tokenId = tokenIds.shift() as bigint;
      const maker = await buildLooksRareAsk(devnet(), seller, collection, tokenId, { subsetNonce });
      const accepted = await submitListing(
        ctx,
        toLooksRarePostListing(maker, await signLooksRareAsk(devnet(), seller, maker), DEVNET_CHAIN_ID, looksRare()),
      );
      if (!accepted.ok) throw new Error(`the order book refused the ask: ${accepted.status}`);
      return accepted.value.order_hash;
    };
    const [cancelled, backed] = [await listAsk(51n), await listAsk(52n)];
    await index();
    expect([await isFillable(cancelled), await isFillable(backed)]).toEqual([true, true]);

    await revert(fork);
    await receiptOf(
      devnet().chain.client,
      await walletOf(devnet(), seller).writeContract({
        address: looksRare(),
        abi: LOOKSRARE_ABI,
        functionName: 'cancelSubsetNonces',
        args: [[51n]],
      }),
    );
    await devnet().mine(3);
    await index();
    expect([await isFillable(cancelled), await isFillable(backed)]).toEqual([false, true]);
  }, 60_000);
});
