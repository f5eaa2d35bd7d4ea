import {
  LOOKSRARE_ABI,
  LOOKSRARE_TRANSFER_MANAGER_ABI,
  type LooksRareMaker,
  makerHash,
  receiptOf,
  SEAPORT_ABI,
} from '@floordesk/contracts';
import { botAccounts, rpc, toLooksRarePostListing } from '@floordesk/devnet';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEVNET_CHAIN_ID, MAINNET_CHAIN_ID, Status } from '@floordesk/protocol';
import {
  type Account,
  type Address,
  concat,
  erc721Abi,
  type Hex,
  hexToBigInt,
  numberToHex,
  parseSignature,
  serializeSignature,
  zeroAddress,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import {
  approveLooksRare,
  buildListing,
  giveToken,
  buildLooksRareAsk,
  ownedToken,
  signListing,
  signLooksRareAsk,
  walletOf,
} from '../../testing/market';
import { testConfig } from '../../testing/server';
import { toPostListing } from '@floordesk/devnet';
import { submitListing } from './submit';

const database = useTestDatabase();
const devnet = useTestDevnet();
const bots = botAccounts();
/** Approved on LooksRare in beforeAll; `unready`, a new wallet holding a few of its tokens, has done nothing yet. */
const seller = bots[0] as Account;
const unready = privateKeyToAccount(generatePrivateKey());
const buyer = bots.at(-1) as Account;
/** secp256k1's group order: `n − s` with the other parity is the same signature's malleable twin. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
let collection: Address;
let ctx: AppContext;

beforeAll(async () => {
  const { chain, manifest } = devnet();
  ctx = { config: testConfig(), db: database().db, now: () => new Date(), chain };
  const first = manifest.collections.find((c) => c.standard === 'erc721');
  if (!first) throw new Error('the devnet has no ERC-721 collection');
  collection = first.address;
  await approveLooksRare(devnet(), seller, collection);
  await rpc(devnet().rpcUrl, 'anvil_setBalance', [unready.address, numberToHex(10n ** 18n)]);
  for (let i = 0; i < 3; i++) await giveToken(devnet(), seller, collection, unready.address, await nextToken(seller));
});

const wallet = (account: Account) => walletOf(devnet(), account);
const tokens = new Map<string, bigint>();
/** The next token `owner` holds, one per call, so that no test lists a token another listed. */
async function nextToken(owner: Account): Promise<bigint> {
  const tokenId = await ownedToken(devnet(), collection, owner.address, (tokens.get(owner.address) ?? 0n) + 1n);
  tokens.set(owner.address, tokenId);
  return tokenId;
}
const ask = async (signer: Account, options?: Parameters<typeof buildLooksRareAsk>[4]) =>
  buildLooksRareAsk(devnet(), signer, collection, await nextToken(signer), options);
const sign = (signer: Account, maker: LooksRareMaker, chainId?: number) =>
  signLooksRareAsk(devnet(), signer, maker, chainId);
const post = (maker: LooksRareMaker, signature: Hex, chainId = DEVNET_CHAIN_ID) =>
  submitListing(ctx, toLooksRarePostListing(maker, signature, chainId, devnet().manifest.looksRare.protocol));
const mined = async (sent: Promise<Hex>) => {
  expect((await receiptOf(devnet().chain.client, await sent)).status).toBe('success');
};
const looksRare = (account: Account, functionName: 'cancelOrderNonces' | 'cancelSubsetNonces', nonce: bigint) =>
  mined(
    wallet(account).writeContract({
      address: devnet().manifest.looksRare.protocol,
      abi: LOOKSRARE_ABI,
      functionName,
      args: [[nonce]],
    }),
  );
const bumpAskNonce = (account: Account) =>
  mined(
    wallet(account).writeContract({
      address: devnet().manifest.looksRare.protocol,
      abi: LOOKSRARE_ABI,
      functionName: 'incrementBidAskNonces',
      args: [false, true],
    }),
  );
/** `buyer` fills the ask on chain, outside FloorDesk. */
const buyOnChain = (maker: LooksRareMaker, signature: Hex) =>
  mined(
    wallet(buyer).writeContract({
      address: devnet().manifest.looksRare.protocol,
      abi: LOOKSRARE_ABI,
      functionName: 'executeTakerBid',
      args: [
        { recipient: zeroAddress, additionalParameters: '0x' },
        maker,
        signature,
        { root: `0x${'00'.repeat(32)}`, proof: [] },
        zeroAddress,
      ],
      value: maker.price,
    }),
  );

async function stored(orderHash: string) {
  const { rows } = await database().pool.query(
    `select protocol, protocol_address, marketplace, order_way, operator, counter::text, order_nonce::text,
            subset_nonce::text, status, status_reason from listings where order_hash = $1`,
    [orderHash],
  );
  return rows[0];
}
async function storedCount(): Promise<number> {
  const { rows } = await database().pool.query<{ count: number }>('select count(*)::int as count from listings');
  return rows[0]?.count ?? 0;
}

const expectRefused = async (answer: Awaited<ReturnType<typeof post>>, status: number) => {
  const before = await storedCount();
  expect(answer).toEqual({ ok: false, status });
  expect(await storedCount()).toBe(before);
};

/** Lists an ask of `seller` through the order book; returns it with its hash. */
async function listed(options?: Parameters<typeof buildLooksRareAsk>[4]) {
  const maker = await ask(seller, options);
  const signature = await sign(seller, maker);
  const accepted = await post(maker, signature);
  if (!accepted.ok) throw new Error(`refused: ${accepted.status}`);
  return { maker, signature, orderHash: accepted.value.order_hash };
}

const transferManager = (functionName: 'revokeApprovals' | 'grantApprovals') =>
  mined(
    wallet(seller).writeContract({
      address: devnet().manifest.looksRare.transferManager,
      abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
      functionName,
      args: [[devnet().manifest.looksRare.protocol]],
    }),
  );

const approveManager = (approved: boolean) =>
  mined(
    wallet(seller).writeContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [devnet().manifest.looksRare.transferManager, approved],
    }),
  );

describe('the order book takes LooksRare v2 maker asks', () => {
  it('as marketplace LooksRare, approved to the TransferManager, with the nonces that can end it', async () => {
    const maker = await ask(seller, { subsetNonce: 4n });
    const accepted = await post(maker, await sign(seller, maker));
    expect(accepted).toMatchObject({
      ok: true,
      value: { order_hash: makerHash(maker), marketplace: 'looks', order_way: 3, price_wei: maker.price.toString() },
    });
    const { manifest } = devnet();
    expect(await stored(makerHash(maker))).toEqual({
      protocol: 'looksrare-v2',
      protocol_address: manifest.looksRare.protocol.toLowerCase(),
      marketplace: 'looks',
      order_way: 3,
      operator: manifest.looksRare.transferManager.toLowerCase(),
      counter: maker.globalNonce.toString(),
      order_nonce: maker.orderNonce.toString(),
      subset_nonce: '4',
      status: 'active',
      status_reason: null,
    });
  });

  it('signed compactly (EIP-2098, 64 bytes), as LooksRare accepts them', async () => {
    const maker = await ask(seller);
    const { r, yParity, s } = parseSignature(await sign(seller, maker));
    const vs = hexToBigInt(s) | (BigInt(yParity ?? 0) << 255n);
    expect(await post(maker, concat([r, numberToHex(vs, { size: 32 })]))).toMatchObject({ ok: true });
  });
});

describe('the order book refuses, with its own code and nothing stored,', () => {
  it('an ask signed by someone other than its signer', async () => {
    const maker = await ask(seller);
    await expectRefused(await post(maker, await sign(unready, maker)), Status.ListingBadSignature);
  });

  it("a signature's malleable twin (high s), which LooksRare's signature checker rejects", async () => {
    const maker = await ask(seller);
    const { r, s, yParity } = parseSignature(await sign(seller, maker));
    const twin = serializeSignature({
      r,
      s: numberToHex(CURVE_ORDER - hexToBigInt(s), { size: 32 }),
      yParity: yParity === 0 ? 1 : 0,
    });
    await expectRefused(await post(maker, twin), Status.ListingBadSignature);
  });

  it('an ask signed for another chain, and one posted for another chain', async () => {
    const maker = await ask(seller);
    await expectRefused(await post(maker, await sign(seller, maker, MAINNET_CHAIN_ID)), Status.ListingBadSignature);
    const signature = await sign(seller, maker, MAINNET_CHAIN_ID);
    await expectRefused(await post(maker, signature, MAINNET_CHAIN_ID), Status.ListingWrongChain);
  });

  it('an ask whose order nonce a trade spent: another ask sharing it was bought', async () => {
    const bought = await ask(seller);
    await buyOnChain(bought, await sign(seller, bought));
    const sharing = await ask(seller, { orderNonce: bought.orderNonce });
    await expectRefused(await post(sharing, await sign(seller, sharing)), Status.ListingNonceUsed);
  });

  it('an ask whose order nonce was cancelled', async () => {
    const maker = await ask(seller);
    await looksRare(seller, 'cancelOrderNonces', maker.orderNonce);
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingNonceUsed);
  });

  it('an ask of a cancelled subset', async () => {
    const maker = await ask(seller, { subsetNonce: 77n });
    await looksRare(seller, 'cancelSubsetNonces', 77n);
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingSubsetCancelled);
  });

  it('an ask signed with an ask nonce the signer has since moved past', async () => {
    const maker = await ask(seller);
    await bumpAskNonce(seller);
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingStaleCounter);
  });

  it('an ask whose NFT is not approved to the TransferManager', async () => {
    const maker = await ask(unready);
    await expectRefused(await post(maker, await sign(unready, maker)), Status.ListingNotApproved);
  });

  it('an ask whose signer has not granted the TransferManager to the exchange', async () => {
    await mined(
      wallet(unready).writeContract({
        address: collection,
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [devnet().manifest.looksRare.transferManager, true],
      }),
    );
    const maker = await ask(unready);
    await expectRefused(await post(maker, await sign(unready, maker)), Status.ListingOperatorNotGranted);
  });

  it('an ask of an NFT its signer does not hold', async () => {
    const maker = { ...(await ask(seller)), itemIds: [await nextToken(unready)] };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingNotOwner);
  });

  it('an ask whose end time has passed', async () => {
    const maker = await ask(seller, { endTime: BigInt(Math.floor(Date.now() / 1000)) - 1n });
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingExpired);
  });

  it('a maker bid, an offer to buy, posted as a listing', async () => {
    const maker = { ...(await ask(seller)), quoteType: 0 };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingNotAsk);
  });

  it('an ask in WETH', async () => {
    const maker = { ...(await ask(seller)), currency: devnet().manifest.looksRare.weth };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingWrongCurrency);
  });

  it('an ERC-721 ask of an amount other than 1', async () => {
    const maker = { ...(await ask(seller)), amounts: [2n] };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingBadAmount);
  });

  it('an ask under another strategy than the standard sale', async () => {
    const maker = { ...(await ask(seller)), strategyId: 1n };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingUnsupportedStrategy);
  });

  it('an ask for nothing', async () => {
    const maker = { ...(await ask(seller)), price: 0n };
    await expectRefused(await post(maker, await sign(seller, maker)), Status.ListingBadPrice);
  });
});

describe("each protocol's cancellations end only its own listings", () => {
  it('a Seaport counter bump ends no LooksRare listing, and a LooksRare ask-nonce bump no Seaport listing', async () => {
    const { manifest, chain } = devnet();
    const options = indexerOptions(database(), chain);
    await indexToHead(options);
    const listSeaport = async () => {
      const order = await buildListing(devnet(), seller, collection, await nextToken(seller));
      const accepted = await submitListing(
        ctx,
        toPostListing(
          { order, signature: await signListing(devnet(), seller, order) },
          DEVNET_CHAIN_ID,
          manifest.seaport,
        ),
      );
      if (!accepted.ok) throw new Error(`refused: ${accepted.status}`);
      return accepted.value.order_hash;
    };
    const listLooksRare = async () => {
      const maker = await ask(seller);
      const accepted = await post(maker, await sign(seller, maker));
      if (!accepted.ok) throw new Error(`refused: ${accepted.status}`);
      return accepted.value.order_hash;
    };
    const [onSeaport, onLooksRare] = [await listSeaport(), await listLooksRare()];

    await mined(
      wallet(seller).writeContract({ address: manifest.seaport, abi: SEAPORT_ABI, functionName: 'incrementCounter' }),
    );
    await indexToHead(options);
    expect(await stored(onSeaport)).toMatchObject({ status: 'invalid', status_reason: 'counter' });
    expect(await stored(onLooksRare)).toMatchObject({ status: 'active' });

    const [laterOnSeaport, laterOnLooksRare] = [await listSeaport(), await listLooksRare()];
    await bumpAskNonce(seller);
    await indexToHead(options);
    expect(await stored(laterOnLooksRare)).toMatchObject({ status: 'invalid', status_reason: 'counter' });
    expect(await stored(onLooksRare)).toMatchObject({ status: 'invalid', status_reason: 'counter' });
    expect(await stored(laterOnSeaport)).toMatchObject({ status: 'active' });
  });
});

describe('the indexer ends LooksRare listings on the events that make them unfillable', () => {
  it('a trade ends the ask it filled and every other ask sharing its order nonce', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const bought = await listed();
    const sharing = await listed({ orderNonce: bought.maker.orderNonce });
    const other = await listed();
    await buyOnChain(bought.maker, bought.signature);
    await indexToHead(options);
    expect(await stored(bought.orderHash)).toMatchObject({ status: 'filled', status_reason: 'filled' });
    expect(await stored(sharing.orderHash)).toMatchObject({ status: 'invalid', status_reason: 'nonce' });
    expect(await stored(other.orderHash)).toMatchObject({ status: 'active' });
  });

  it('a cancelled order nonce ends its ask; a cancelled subset every ask of the subset', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const single = await listed();
    const [first, second] = [await listed({ subsetNonce: 900n }), await listed({ subsetNonce: 900n })];
    const outside = await listed({ subsetNonce: 901n });
    await looksRare(seller, 'cancelOrderNonces', single.maker.orderNonce);
    await looksRare(seller, 'cancelSubsetNonces', 900n);
    await indexToHead(options);
    expect(await stored(single.orderHash)).toMatchObject({ status: 'cancelled', status_reason: 'nonce' });
    expect(await stored(first.orderHash)).toMatchObject({ status: 'cancelled', status_reason: 'nonce' });
    expect(await stored(second.orderHash)).toMatchObject({ status: 'cancelled', status_reason: 'nonce' });
    expect(await stored(outside.orderHash)).toMatchObject({ status: 'active' });
  });

  it("the exchange's grant taken back, or the collection's approval to the TransferManager, ends the seller's asks", async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const ungranted = await listed();
    await transferManager('revokeApprovals');
    await indexToHead(options);
    expect(await stored(ungranted.orderHash)).toMatchObject({ status: 'invalid', status_reason: 'approval' });

    await transferManager('grantApprovals');
    const unapproved = await listed();
    await approveManager(false);
    await indexToHead(options);
    expect(await stored(unapproved.orderHash)).toMatchObject({ status: 'invalid', status_reason: 'approval' });
    await approveManager(true);
  });

  it('the NFT moving away ends its ask', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const moved = await listed();
    await mined(
      wallet(seller).writeContract({
        address: collection,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [seller.address, unready.address, moved.maker.itemIds[0] as bigint],
      }),
    );
    await indexToHead(options);
    expect(await stored(moved.orderHash)).toMatchObject({ status: 'invalid', status_reason: 'transferred' });
  });
});
