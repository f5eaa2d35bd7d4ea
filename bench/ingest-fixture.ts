import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOOKSRARE_EVENTS } from '@floordesk/contracts';
import { type Random, seededRandom } from '@floordesk/devnet';
import { type AbiEvent, encodeAbiParameters, encodeEventTopics, type Hex, parseAbi } from 'viem';
import { currentExchange, MAINNET_CONTRACTS, seaportAddress } from '../apps/server/src/chain/chain-contracts';
import type { RawLog } from '../apps/server/src/chain/decode';
import { BLUR_V1_EVENTS } from '../apps/server/src/chain/decoders/blur-v1';
import { BLUR_V2_EVENTS } from '../apps/server/src/chain/decoders/blur-v2';
import { SEAPORT_EVENTS } from '../apps/server/src/chain/decoders/seaport';
import { SUDOSWAP_V2_EVENTS } from '../apps/server/src/chain/decoders/sudoswap-v2';
import { X2Y2_EVENTS } from '../apps/server/src/chain/decoders/x2y2';
import { TOKEN_EVENTS } from '../apps/server/src/chain/decoders/tokens';
import type { BlockHeader } from '../apps/server/src/chain/store';
import {
  looksRareTradeLog,
  orderFulfilledLog,
  transferBatchLog,
  transferLog,
  transferSingleLog,
} from '../apps/server/src/testing/chain-logs';

/**
 * A synthetic but realistic slice of mainnet NFT activity for the ingest bench: real ABI-encoded logs (viem's
 * encoder, through the same builders the decoder tests use), grouped into blocks as eth_getLogs and eth_getBlock
 * would return them. Generated once per parameter set and kept under the OS temp dir as JSON lines (one block a
 * line), so later runs only read it.
 */
export type FixtureBlock = BlockHeader & { logs: RawLog[] };

export type FixtureParameters = { blocks: number; logsPerBlock: number; collections: number; seed: string };

/** Bump when the generator changes, so an old file is not mistaken for the current mix. */
const GENERATOR_VERSION = 3;

export const SEAPORT = seaportAddress(MAINNET_CONTRACTS);
const LOOKSRARE = currentExchange(MAINNET_CONTRACTS, 'looksrare-v2').address;
const exchangeOf = (protocol: string): Hex => {
  const exchange = MAINNET_CONTRACTS.exchanges.find((candidate) => candidate.protocol === protocol);
  if (!exchange) throw new Error(`mainnet lists no ${protocol}`);
  return exchange.address;
};
const BLUR_V1 = exchangeOf('blur-v1');
const BLUR_V2 = exchangeOf('blur-v2');
const X2Y2 = exchangeOf('x2y2');
const BLUR_POOL: Hex = '0x0000000000a39bb272e79075ade125fd351887ac';
const BLUR_FEE: Hex = '0x19d514c4a28143f6d304c131935a8cbee6bea02a';
const OPENSEA_FEE = MAINNET_CONTRACTS.marketplaces[0]?.feeRecipients[0] ?? '0x0000a26b00c1f0df003000390027140000faa719';
/** Fills through other Seaport front ends: recognised by no fee recipient, stored with marketplace null. */
const OTHER_FEES: Hex[] = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'];
const WETH: Hex = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const ZERO: Hex = '0x0000000000000000000000000000000000000000';
const WALLETS = 20_000;
/** Transactions in a mainnet block that are not NFT activity: their hashes still reach the pending-buys cleanup. */
const OTHER_TXS_PER_BLOCK = 120;

const [, orderCancelled, counterIncremented] = SEAPORT_EVENTS;
const [newBidAskNonces, orderNoncesCancelled] = LOOKSRARE_EVENTS;
const [, , , approvalForAll] = TOKEN_EVENTS;
const ERC20_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const [blurPacked, blurTakerFeePacked] = BLUR_V2_EVENTS;
const [ordersMatched] = BLUR_V1_EVENTS;
const [evInventory] = X2Y2_EVENTS;
const [, , sudoswapOut] = SUDOSWAP_V2_EVENTS;
/** An event's data: its non-indexed inputs, encoded (typed loosely: the decoders' tests hold the layouts). */
const eventData = (event: AbiEvent, values: readonly unknown[]): Hex =>
  encodeAbiParameters(
    event.inputs.filter((input) => !input.indexed),
    values,
  );

/** The file for these parameters, generated first if missing. Returns the path and whether it was reused. */
export async function ingestFixture(parameters: FixtureParameters): Promise<{ file: string; reused: boolean }> {
  const name = `floordesk-ingest-v${GENERATOR_VERSION}-${parameters.blocks}b-${parameters.logsPerBlock}l-${parameters.collections}c-${parameters.seed}.jsonl`;
  const dir = path.join(tmpdir(), 'floordesk-bench');
  const file = path.join(dir, name);
  if (existsSync(file)) return { file, reused: true };
  await mkdir(dir, { recursive: true });
  const lines = generate(parameters).map((block) => JSON.stringify(block));
  await writeFile(`${file}.tmp`, `${lines.join('\n')}\n`);
  await rename(`${file}.tmp`, file);
  return { file, reused: false };
}

/**
 * The file's blocks as JSON lines, left unparsed: a bench parses one batch at a time, so the heap holds what the
 * indexer's would (one batch of logs), not the whole fixture, which would tax every garbage collection.
 */
export async function readFixtureLines(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line.length > 0);
}

export function parseBlocks(lines: readonly string[]): FixtureBlock[] {
  return lines.map((line) => JSON.parse(line) as FixtureBlock);
}

type Collection = { address: Hex; standard: 'erc721' | 'erc1155'; supply: number; royalty: Hex; royaltyBps: bigint };

type TxWriter = {
  hash: Hex;
  push(build: (at: { blockNumber: number; transactionHash: Hex; logIndex: number }) => RawLog): void;
};

/**
 * Transaction kinds, weighted so the sales land near these shares by trade count: Blur ~45 % (its v2 exchange nearly
 * all of it: asks taken in ETH, bids accepted in Blur Pool), Seaport ~50 %, LooksRare v2 ~1.5 %, Blur v1 and X2Y2
 * ~0.5 % each, and sudoswap v2 swaps ~1 % of sale transactions. The shares are estimates of Ethereum NFT trades since
 * 2024 as public dashboards (Dune's nft.trades) show them, not figures measured here (this machine has no network):
 * the bench's point is each decoder's cost in a plausible mix. Transfers (ERC-721 ~45 % of logs, ERC-1155 ~10 %)
 * come with the sales and on their own.
 */
const KINDS = [
  { kind: 'blurAsk', weight: 200 },
  { kind: 'blurBid', weight: 120 },
  { kind: 'blurV1', weight: 4 },
  { kind: 'x2y2', weight: 4 },
  { kind: 'sudoswap', weight: 5 },
  { kind: 'looksRareBuy', weight: 14 },
  { kind: 'looksRareCancel', weight: 1 },
  { kind: 'listing', weight: 220 },
  { kind: 'listing1155', weight: 40 },
  { kind: 'bundle', weight: 16 },
  { kind: 'wethBid', weight: 24 },
  { kind: 'sweep', weight: 13 },
  { kind: 'transfer721', weight: 60 },
  { kind: 'mint721', weight: 18 },
  { kind: 'transfer1155', weight: 42 },
  { kind: 'batch1155', weight: 14 },
  { kind: 'cancel', weight: 16 },
  { kind: 'counter', weight: 2 },
  { kind: 'approval', weight: 14 },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

function generate({ blocks, logsPerBlock, collections: collectionCount, seed }: FixtureParameters): FixtureBlock[] {
  const random = seededRandom(seed);
  const wallets = Array.from({ length: WALLETS }, () => randomHex(random, 20));
  const collections: Collection[] = Array.from({ length: collectionCount }, (_, i) => ({
    address: randomHex(random, 20),
    // One collection in five is ERC-1155, with few ids and many copies.
    standard: i % 5 === 4 ? 'erc1155' : 'erc721',
    supply: i % 5 === 4 ? random.int(20, 200) : random.int(1_000, 10_000),
    royalty: randomHex(random, 20),
    royaltyBps: BigInt(random.pick([0, 250, 500, 750])),
  }));
  const erc721 = collections.filter((c) => c.standard === 'erc721');
  const erc1155 = collections.filter((c) => c.standard === 'erc1155');
  // A few collections carry most of the volume, as on mainnet.
  const hot = (pool: Collection[]) =>
    (random.next() < 0.6 ? pool[random.int(0, Math.min(4, pool.length - 1))] : random.pick(pool)) as Collection;
  const wallet = () => random.pick(wallets);
  const tokenId = (c: Collection) => BigInt(random.int(1, c.supply));
  const price = () => BigInt(random.int(1, 5_000)) * 10n ** 15n; // 0.001 to 5 ETH
  const start = 1_700_000_000;
  let parentHash = randomHex(random, 32);
  const out: FixtureBlock[] = [];

  for (let b = 0; b < blocks; b++) {
    const number = 19_000_000 + b;
    const logs: RawLog[] = [];
    const transactions: Hex[] = [];
    const newTx = (): TxWriter => {
      const hash = randomHex(random, 32);
      transactions.push(hash);
      return {
        hash,
        push: (build) => logs.push(build({ blockNumber: number, transactionHash: hash, logIndex: logs.length })),
      };
    };

    /** A listing filled for ETH: the NFT(s) move, then Seaport logs the fill (seller, fee, royalty). */
    const listingFill = (tx: TxWriter, buyer: Hex, collection: Collection, items: number, weth = false) => {
      const seller = wallet();
      const total = price() * BigInt(items);
      const feeRecipient = random.next() < 0.8 ? OPENSEA_FEE : random.pick(OTHER_FEES);
      const fee = (total * 250n) / 10_000n;
      const royalty = (total * collection.royaltyBps) / 10_000n;
      const ids = Array.from({ length: items }, () => tokenId(collection));
      const amounts = ids.map(() => (collection.standard === 'erc721' ? 1n : BigInt(random.int(1, 5))));
      ids.forEach((id, i) => {
        if (collection.standard === 'erc721') {
          tx.push((at) => transferLog(collection.address, { from: seller, to: buyer, tokenId: id }, at));
        } else {
          tx.push((at) =>
            transferSingleLog(
              collection.address,
              { operator: SEAPORT, from: seller, to: buyer, id, value: amounts[i] ?? 1n },
              at,
            ),
          );
        }
      });
      const itemType = collection.standard === 'erc721' ? 2 : 3;
      const nfts = ids.map((id, i) => ({
        itemType,
        token: collection.address,
        identifier: id,
        amount: amounts[i] ?? 1n,
      }));
      const payToken = weth ? WETH : ZERO;
      const payType = weth ? 1 : 0;
      const pay = (amount: bigint, recipient: Hex) => ({
        itemType: payType,
        token: payToken,
        identifier: 0n,
        amount,
        recipient,
      });
      const payments = [pay(total - fee - royalty, seller), pay(fee, feeRecipient)];
      if (royalty > 0n) payments.push(pay(royalty, collection.royalty));
      tx.push((at) =>
        orderFulfilledLog(
          SEAPORT,
          {
            orderHash: randomHex(random, 32),
            offerer: seller,
            zone: ZERO,
            recipient: buyer,
            offer: nfts,
            consideration: payments,
          },
          at,
        ),
      );
    };

    /** A WETH offer accepted by the holder: WETH moves (seller, fee, royalty), then the NFT, then the fill. */
    const bidFill = (tx: TxWriter) => {
      const collection = hot(erc721);
      const bidder = wallet();
      const seller = wallet();
      const total = price();
      const fee = (total * 250n) / 10_000n;
      const royalty = (total * collection.royaltyBps) / 10_000n;
      const id = tokenId(collection);
      const erc20 = (to: Hex, value: bigint) =>
        tx.push((at) => ({
          address: WETH,
          topics: encodeEventTopics({ abi: ERC20_TRANSFER, args: { from: bidder, to } }) as Hex[],
          data: encodeAbiParameters([{ type: 'uint256' }], [value]),
          ...at,
        }));
      erc20(seller, total - fee - royalty);
      erc20(OPENSEA_FEE, fee);
      if (royalty > 0n) erc20(collection.royalty, royalty);
      tx.push((at) => transferLog(collection.address, { from: seller, to: bidder, tokenId: id }, at));
      const consideration = [
        { itemType: 2, token: collection.address, identifier: id, amount: 1n, recipient: bidder },
        { itemType: 1, token: WETH, identifier: 0n, amount: fee, recipient: OPENSEA_FEE },
        ...(royalty > 0n
          ? [{ itemType: 1, token: WETH, identifier: 0n, amount: royalty, recipient: collection.royalty }]
          : []),
      ];
      tx.push((at) =>
        orderFulfilledLog(
          SEAPORT,
          {
            orderHash: randomHex(random, 32),
            offerer: bidder,
            zone: ZERO,
            recipient: seller,
            offer: [{ itemType: 1, token: WETH, identifier: 0n, amount: total - fee - royalty }],
            consideration,
          },
          at,
        ),
      );
    };

    /** An ERC-721 token of a hot collection moving from a seller to a buyer at a price: what most sales start with. */
    const tokenSold = (tx: TxWriter) => {
      const collection = hot(erc721);
      const seller = wallet();
      const buyer = wallet();
      const total = price();
      const id = tokenId(collection);
      tx.push((at) => transferLog(collection.address, { from: seller, to: buyer, tokenId: id }, at));
      return { collection, seller, buyer, total, id };
    };

    /** A LooksRare ask bought: the NFT moves, then the exchange logs TakerBid (seller, creator, protocol fees). */
    const looksRareFill = (tx: TxWriter) => {
      const { collection, seller, buyer, total, id } = tokenSold(tx);
      const protocolFee = (total * 50n) / 10_000n;
      const creatorFee = (total * collection.royaltyBps) / 10_000n;
      tx.push((at) =>
        looksRareTradeLog(
          LOOKSRARE,
          'TakerBid',
          {
            orderHash: randomHex(random, 32),
            orderNonce: BigInt(random.int(0, 1_000_000)),
            nonceSpent: true,
            taker: buyer,
            other: buyer,
            currency: ZERO,
            collection: collection.address,
            itemIds: [id],
            amounts: [1n],
            feeRecipients: [seller, collection.royalty],
            feeAmounts: [total - protocolFee - creatorFee, creatorFee, protocolFee],
          },
          at,
        ),
      );
    };

    /** A Blur v2 fill: an ask taken for ETH, or a bid accepted for Blur Pool with the taker's fee packed beside it. */
    const blurFill = (tx: TxWriter, side: 'ask' | 'bid') => {
      const collection = hot(erc721);
      const maker = wallet();
      const taker = wallet();
      const [buyer, seller] = side === 'ask' ? [taker, maker] : [maker, taker];
      const total = price();
      const id = tokenId(collection);
      if (side === 'bid') {
        tx.push((at) => ({
          address: BLUR_POOL,
          topics: encodeEventTopics({ abi: ERC20_TRANSFER, args: { from: buyer, to: seller } }) as Hex[],
          data: encodeAbiParameters([{ type: 'uint256' }], [total]),
          ...at,
        }));
      }
      tx.push((at) => transferLog(collection.address, { from: seller, to: buyer, tokenId: id }, at));
      const tokenIdListingIndexTrader = (id << 168n) | BigInt(maker);
      const collectionPriceSide = ((side === 'ask' ? 0n : 1n) << 248n) | (total << 160n) | BigInt(collection.address);
      const event = side === 'ask' ? blurPacked : blurTakerFeePacked;
      const values: bigint[] = [tokenIdListingIndexTrader, collectionPriceSide];
      if (side === 'bid') values.push((50n << 160n) | BigInt(BLUR_FEE));
      tx.push((at) => ({
        address: BLUR_V2,
        topics: encodeEventTopics({ abi: [event] }) as Hex[],
        data: encodeAbiParameters(
          [{ type: 'bytes32' }, ...values.map(() => ({ type: 'uint256' }) as const)],
          [randomHex(random, 32), ...values],
        ),
        ...at,
      }));
    };

    /** A BlurExchange (v1) listing taken: the NFT moves, then OrdersMatched carries both orders whole. */
    const blurV1Fill = (tx: TxWriter) => {
      const { collection, seller, buyer, total, id } = tokenSold(tx);
      const order = (trader: Hex, side: number, fees: { rate: number; recipient: Hex }[]) => ({
        trader,
        side,
        matchingPolicy: ZERO,
        collection: collection.address,
        tokenId: id,
        amount: 1n,
        paymentToken: ZERO,
        price: total,
        listingTime: 1n,
        expirationTime: 2n,
        fees,
        salt: 0n,
        extraParams: '0x' as Hex,
      });
      const sell = order(seller, 1, [{ rate: Number(collection.royaltyBps), recipient: collection.royalty }]);
      tx.push((at) => ({
        address: BLUR_V1,
        topics: encodeEventTopics({ abi: [ordersMatched], args: { maker: seller, taker: buyer } }) as Hex[],
        data: eventData(ordersMatched, [sell, randomHex(random, 32), order(buyer, 0, []), randomHex(random, 32)]),
        ...at,
      }));
    };

    /** An X2Y2 listing taken: the NFT moves, then EvInventory with the item's tokens and the settlement's fees. */
    const x2y2Fill = (tx: TxWriter) => {
      const { collection, seller, buyer, total, id } = tokenSold(tx);
      const data = encodeAbiParameters(
        [{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }] }],
        [[[collection.address, id]]],
      );
      const itemHash = randomHex(random, 32);
      tx.push((at) => ({
        address: X2Y2,
        topics: encodeEventTopics({ abi: [evInventory], args: { itemHash } }) as Hex[],
        data: eventData(evInventory, [
          seller,
          buyer,
          0n,
          0n,
          1n,
          1n,
          2n,
          ZERO,
          '0x',
          { price: total, data },
          {
            op: 1,
            orderIdx: 0n,
            itemIdx: 0n,
            price: total,
            itemHash,
            executionDelegate: ZERO,
            dataReplacement: '0x',
            bidIncentivePct: 0n,
            aucMinIncrementPct: 0n,
            aucIncDurationSecs: 0n,
            fees: [{ percentage: 5_000n, to: collection.royalty }],
          },
        ]),
        ...at,
      }));
    };

    /**
     * A buy from a sudoswap v2 pool: the pool's NFTs move, then the pool logs what it was paid. No pool registry is
     * kept yet, so the decoder counts these swaps as foreign: the bench measures their decoding, not their rows.
     */
    const sudoswapBuy = (tx: TxWriter) => {
      const collection = hot(erc721);
      const pool = randomHex(random, 20);
      const buyer = wallet();
      const ids = Array.from({ length: random.int(1, 3) }, () => tokenId(collection));
      for (const id of ids)
        tx.push((at) => transferLog(collection.address, { from: pool, to: buyer, tokenId: id }, at));
      tx.push((at) => ({
        address: pool,
        topics: encodeEventTopics({ abi: [sudoswapOut] }) as Hex[],
        data: eventData(sudoswapOut, [price() * BigInt(ids.length), ids]),
        ...at,
      }));
    };

    const run: Record<Kind, () => void> = {
      blurAsk: () => blurFill(newTx(), 'ask'),
      blurBid: () => blurFill(newTx(), 'bid'),
      blurV1: () => blurV1Fill(newTx()),
      x2y2: () => x2y2Fill(newTx()),
      sudoswap: () => sudoswapBuy(newTx()),
      looksRareBuy: () => looksRareFill(newTx()),
      looksRareCancel: () => {
        const user = wallet();
        newTx().push((at) =>
          random.next() < 0.8
            ? {
                address: LOOKSRARE,
                topics: encodeEventTopics({ abi: [orderNoncesCancelled] }) as Hex[],
                data: encodeAbiParameters(orderNoncesCancelled.inputs, [user, [BigInt(random.int(0, 1_000_000))]]),
                ...at,
              }
            : {
                address: LOOKSRARE,
                topics: encodeEventTopics({ abi: [newBidAskNonces] }) as Hex[],
                data: encodeAbiParameters(newBidAskNonces.inputs, [user, 0n, BigInt(random.int(1, 5))]),
                ...at,
              },
        );
      },
      listing: () => listingFill(newTx(), wallet(), hot(erc721), 1),
      listing1155: () => listingFill(newTx(), wallet(), hot(erc1155), 1),
      bundle: () => listingFill(newTx(), wallet(), hot(erc721), random.int(2, 4)),
      wethBid: () => bidFill(newTx()),
      sweep: () => {
        const tx = newTx();
        const buyer = wallet();
        const collection = hot(erc721);
        for (let i = random.int(2, 6); i > 0; i--) listingFill(tx, buyer, collection, 1);
      },
      transfer721: () => {
        const tx = newTx();
        const collection = hot(erc721);
        tx.push((at) =>
          transferLog(collection.address, { from: wallet(), to: wallet(), tokenId: tokenId(collection) }, at),
        );
      },
      mint721: () => {
        const tx = newTx();
        const collection = random.pick(erc721);
        const to = wallet();
        for (let i = random.int(1, 5); i > 0; i--) {
          tx.push((at) => transferLog(collection.address, { from: ZERO, to, tokenId: tokenId(collection) }, at));
        }
      },
      transfer1155: () => {
        const tx = newTx();
        const collection = hot(erc1155);
        const from = random.next() < 0.2 ? ZERO : wallet();
        tx.push((at) =>
          transferSingleLog(
            collection.address,
            {
              operator: from === ZERO ? wallet() : from,
              from,
              to: wallet(),
              id: tokenId(collection),
              value: BigInt(random.int(1, 10)),
            },
            at,
          ),
        );
      },
      batch1155: () => {
        const tx = newTx();
        const collection = hot(erc1155);
        const from = wallet();
        const ids = Array.from({ length: random.int(2, 6) }, () => tokenId(collection));
        tx.push((at) =>
          transferBatchLog(
            collection.address,
            { operator: from, from, to: wallet(), ids, values: ids.map(() => BigInt(random.int(1, 10))) },
            at,
          ),
        );
      },
      cancel: () => {
        const tx = newTx();
        const offerer = wallet();
        for (let i = random.int(1, 3); i > 0; i--) {
          tx.push((at) => ({
            address: SEAPORT,
            topics: encodeEventTopics({ abi: [orderCancelled], args: { offerer, zone: ZERO } }) as Hex[],
            data: encodeAbiParameters([{ type: 'bytes32' }], [randomHex(random, 32)]),
            ...at,
          }));
        }
      },
      counter: () => {
        newTx().push((at) => ({
          address: SEAPORT,
          topics: encodeEventTopics({ abi: [counterIncremented], args: { offerer: wallet() } }) as Hex[],
          data: encodeAbiParameters([{ type: 'uint256' }], [BigInt(random.int(1, 5))]),
          ...at,
        }));
      },
      approval: () => {
        const collection = random.pick(collections);
        newTx().push((at) => ({
          address: collection.address,
          topics: encodeEventTopics({
            abi: [approvalForAll],
            args: {
              owner: wallet(),
              operator: random.next() < 0.7 ? '0x1e0049783f008a0085193e00003d00cd54003c71' : wallet(),
            },
          }) as Hex[],
          data: encodeAbiParameters([{ type: 'bool' }], [random.next() < 0.85]),
          ...at,
        }));
      },
    };

    const target = random.int(Math.round(logsPerBlock * 0.7), Math.round(logsPerBlock * 1.3));
    while (logs.length < target) run[random.weighted(KINDS).kind]();
    for (let i = 0; i < OTHER_TXS_PER_BLOCK; i++)
      transactions.splice(random.int(0, transactions.length), 0, randomHex(random, 32));
    const hash = randomHex(random, 32);
    out.push({ number, hash, parentHash, timestamp: start + b * 12, transactions, logs });
    parentHash = hash;
  }
  return out;
}

function randomHex(random: Random, bytes: number): Hex {
  let hex = '';
  while (hex.length < bytes * 2)
    hex += Math.floor(random.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return `0x${hex.slice(0, bytes * 2)}`;
}
