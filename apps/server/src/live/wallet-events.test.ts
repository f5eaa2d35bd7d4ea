import { receiptOf, SEAPORT_ABI } from '@floordesk/contracts';
import { ACCOUNT_PLAN, botAccounts, collectionBySlug, devnetAccount, rpc, toPostListing } from '@floordesk/devnet';
import { DEVNET_CHAIN_ID, NOTIFICATION_TYPE } from '@floordesk/protocol';
import { type Account, type Address, erc721Abi, type Hex, parseAbi, parseEventLogs } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { fillCollectionInfo } from '../chain/metadata';
import { submitListing } from '../market/listings/submit';
import { createGuardedFetch } from '../net/guarded-fetch';
import { useTestDatabase } from '../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../testing/devnet';
import { buildListing, giveToken, listAndBuy, ownedToken, signListing, walletOf } from '../testing/market';
import { testConfig } from '../testing/server';
import { recordLogin } from '../modules/user/service';
import { addWallet } from '../modules/wallets/service';
import { deriveWalletEvents } from './wallet-events';

const database = useTestDatabase();
const devnet = useTestDevnet();
let ctx: AppContext;
let collection: Address;
const MINT_PRICE = collectionBySlug('moonlit-foxes')?.mintPriceWei ?? 0n;
/** Proceeds of a devnet OpenSea listing: the price less 2.5 % marketplace fee and 5 % royalty. */
const proceedsOf = (price: bigint) => price - (price * 250n) / 10_000n - (price * 500n) / 10_000n;

const trader = devnetAccount(1);
const vault = devnetAccount(2);
const stranger = devnetAccount(3);
const bots = botAccounts();
const [botA, botB] = [bots[0] as Account, bots[1] as Account];
const traderAddress = trader.address.toLowerCase();
const vaultAddress = vault.address.toLowerCase();

type Row = {
  user_address: string;
  type: number;
  wallet: string;
  token_id: string;
  price_wei: string | null;
  profit_wei: string | null;
  source: string;
};

async function notificationsOf(user: string): Promise<Row[]> {
  const { rows } = await database().pool.query<Row>(
    `select user_address, type, wallet, token_id::text, price_wei::text, profit_wei::text, source
       from notifications where user_address = $1 order by id`,
    [user],
  );
  return rows;
}

async function indexAndDerive(): Promise<void> {
  const options = indexerOptions(database(), devnet().chain);
  await indexToHead(options);
  const head = Number(await devnet().chain.client.getBlockNumber({ cacheTime: 0 }));
  await deriveWalletEvents(options, head);
}

async function mint(account: Account, quantity: bigint): Promise<bigint[]> {
  const hash = await walletOf(devnet(), account).writeContract({
    address: collection,
    abi: parseAbi(['function mint(address to, uint256 quantity) payable']),
    functionName: 'mint',
    args: [account.address, quantity],
    value: MINT_PRICE * quantity,
  });
  const receipt = await receiptOf(devnet().chain.client, hash);
  return parseEventLogs({ abi: erc721Abi, logs: receipt.logs, eventName: 'Transfer' }).map((log) => log.args.tokenId);
}

async function give(from: Account, to: Address, tokenId: bigint): Promise<void> {
  await giveToken(devnet(), from, collection, to, tokenId);
}

async function approveSeaport(account: Account): Promise<void> {
  for (const operator of [devnet().manifest.seaport, devnet().manifest.conduit.address]) {
    const hash = await walletOf(devnet(), account).writeContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [operator, true],
    });
    await receiptOf(devnet().chain.client, hash);
  }
}

beforeAll(async () => {
  ctx = { config: testConfig(), db: database().db, now: () => new Date(), chain: devnet().chain };
  collection = devnet().manifest.collections.find((c) => c.slug === 'moonlit-foxes')?.address as Address;
  await indexAndDerive(); // the first pass only places the cursor: history is not notified
  await recordLogin(database().db, traderAddress, new Date());
  await recordLogin(database().db, stranger.address.toLowerCase(), new Date());
  const added = await addWallet(ctx, traderAddress, vaultAddress);
  if (!added.ok) throw new Error(`could not add the vault: ${added.status}`);
  await approveSeaport(trader);
  await approveSeaport(vault);
}, 120_000);

describe("a trader's wallet events", () => {
  it('notifies a mint at its price, a listing, and a sale with its profit over the mint', async () => {
    const [first, second] = await mint(trader, 2n);
    const price = 3n * 10n ** 17n;
    const { orderHash } = await listAndBuy(devnet(), ctx, {
      seller: trader,
      buyer: botA,
      collection,
      tokenId: first as bigint,
      priceWei: price,
    });
    await indexAndDerive();

    const events = await notificationsOf(traderAddress);
    expect(events.map((event) => [event.type, event.token_id, event.price_wei, event.profit_wei])).toEqual([
      [NOTIFICATION_TYPE.listed, String(first), price.toString(), null],
      [NOTIFICATION_TYPE.minted, String(first), MINT_PRICE.toString(), null],
      [NOTIFICATION_TYPE.minted, String(second), MINT_PRICE.toString(), null],
      [NOTIFICATION_TYPE.sold, String(first), price.toString(), (proceedsOf(price) - MINT_PRICE).toString()],
    ]);
    expect(events[0]?.source).toBe(`listing:${orderHash}`);
    expect(events.every((event) => event.wallet === traderAddress)).toBe(true);
  }, 60_000);

  it("follows an added wallet: a move between two of the user's wallets is both a departure and an arrival", async () => {
    const [tokenId] = await mint(trader, 1n);
    const before = (await notificationsOf(traderAddress)).length;
    await give(trader, vault.address, tokenId as bigint);
    await indexAndDerive();

    const moved = (await notificationsOf(traderAddress)).slice(before + 1);
    expect(moved.map((event) => [event.type, event.wallet])).toEqual([
      [NOTIFICATION_TYPE.transferIn, vaultAddress],
      [NOTIFICATION_TYPE.transferOut, traderAddress],
    ]);
  }, 60_000);

  it('prices a resale against what the wallet paid, fees included, and a loss is negative', async () => {
    const tokenId = await ownedToken(devnet(), collection, botB.address);
    const paid = 5n * 10n ** 17n;
    await listAndBuy(devnet(), ctx, { seller: botB, buyer: vault, collection, tokenId, priceWei: paid });
    const resold = 4n * 10n ** 17n;
    await listAndBuy(devnet(), ctx, { seller: vault, buyer: botA, collection, tokenId, priceWei: resold });
    await indexAndDerive();

    const events = (await notificationsOf(traderAddress)).filter((event) => event.token_id === String(tokenId));
    // The listing is notified as the order book accepts it, the chain's events once indexed.
    expect(events.map((event) => [event.type, event.wallet, event.price_wei, event.profit_wei])).toEqual([
      [NOTIFICATION_TYPE.listed, vaultAddress, resold.toString(), null],
      [NOTIFICATION_TYPE.bought, vaultAddress, paid.toString(), null],
      [NOTIFICATION_TYPE.sold, vaultAddress, resold.toString(), (proceedsOf(resold) - paid).toString()],
    ]);
    expect(proceedsOf(resold) - paid).toBeLessThan(0n);
  }, 60_000);

  it('notifies a listing the wallet cancelled, and one that ended because the NFT moved', async () => {
    const [cancelled, moved] = await mint(vault, 2n);
    const post = async (tokenId: bigint) => {
      const order = await buildListing(devnet(), vault, collection, tokenId);
      const signature = await signListing(devnet(), vault, order);
      const accepted = await submitListing(
        ctx,
        toPostListing({ order, signature }, DEVNET_CHAIN_ID, devnet().manifest.seaport),
      );
      if (!accepted.ok) throw new Error(`refused: ${accepted.status}`);
      return { order, orderHash: accepted.value.order_hash };
    };
    const first = await post(cancelled as bigint);
    const second = await post(moved as bigint);
    const hash = await walletOf(devnet(), vault).writeContract({
      address: devnet().manifest.seaport,
      abi: SEAPORT_ABI,
      functionName: 'cancel',
      args: [[first.order]],
    });
    await receiptOf(devnet().chain.client, hash);
    await give(vault, stranger.address, moved as bigint);
    await indexAndDerive();

    const cancels = (await notificationsOf(traderAddress)).filter((event) => event.type === NOTIFICATION_TYPE.cancel);
    expect(cancels.map((event) => event.source)).toEqual([`listing:${first.orderHash}`, `listing:${second.orderHash}`]);
    // The stranger received a token: an arrival for them, nothing of the trader's.
    const strangerEvents = await notificationsOf(stranger.address.toLowerCase());
    expect(strangerEvents.map((event) => [event.type, event.token_id])).toEqual([
      [NOTIFICATION_TYPE.transferIn, String(moved)],
    ]);
  }, 60_000);

  it('writes each event once when blocks are derived again', async () => {
    const before = await notificationsOf(traderAddress);
    await database().pool.query('update notification_cursor set block_number = 0');
    await indexAndDerive();
    expect(await notificationsOf(traderAddress)).toEqual(before);
  }, 60_000);

  it('tells everyone when a collection reveals or mints out, once each', async () => {
    const address = (slug: string) => devnet().manifest.collections.find((c) => c.slug === slug)?.address as Address;
    const hidden = address('hollow-moons');
    const deployer = devnetAccount(ACCOUNT_PLAN.deployer);
    await receiptOf(
      devnet().chain.client,
      await walletOf(devnet(), deployer).writeContract({
        address: hidden,
        abi: parseAbi(['function reveal()']),
        functionName: 'reveal',
      }),
    );
    // A small collection, 40 tokens short of its cap: its contract states the cap, which the info pass reads.
    const rooms = address('hundred-rooms');
    await indexAndDerive();
    await fillCollectionInfo({
      db: database().db,
      chain: devnet().chain,
      fetchUri: createGuardedFetch({ ipfsGateway: new URL('https://ipfs.io/ipfs/'), allowedOrigins: [] }),
    });
    const price = collectionBySlug('hundred-rooms')?.mintPriceWei ?? 0n;
    await receiptOf(
      devnet().chain.client,
      await walletOf(devnet(), stranger).writeContract({
        address: rooms,
        abi: parseAbi(['function mint(address to, uint256 quantity) payable']),
        functionName: 'mint',
        args: [stranger.address, 40n],
        value: price * 40n,
      }),
    );
    await indexAndDerive();
    await database().pool.query('update notification_cursor set block_number = 0');
    await indexAndDerive();

    const { rows } = await database().pool.query(
      `select collection, body from notifications where type = $1 and user_address is null order by id`,
      [NOTIFICATION_TYPE.collectionNews],
    );
    expect(rows).toEqual([
      { collection: hidden.toLowerCase(), body: 'reveal' },
      { collection: rooms.toLowerCase(), body: 'mint_out' },
    ]);
  }, 60_000);

  it('removes the events of blocks a reorg orphaned', async () => {
    await indexAndDerive();
    const before = await notificationsOf(traderAddress);
    const fork = await rpc<Hex>(devnet().rpcUrl, 'evm_snapshot', []);
    const [tokenId] = await mint(trader, 1n);
    await indexAndDerive();
    expect((await notificationsOf(traderAddress)).map((event) => event.token_id)).toContain(String(tokenId));

    await rpc(devnet().rpcUrl, 'evm_revert', [fork]);
    await devnet().mine(3);
    await indexAndDerive();
    expect(await notificationsOf(traderAddress)).toEqual(before);
  }, 60_000);
});
