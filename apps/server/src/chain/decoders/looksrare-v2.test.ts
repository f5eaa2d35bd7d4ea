import {
  LOOKSRARE_ABI,
  LOOKSRARE_EVENTS,
  LOOKSRARE_TRANSFER_MANAGER_EVENTS,
  type LooksRareMaker,
  QuoteType,
} from '@floordesk/contracts';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainContracts } from '../chain-contracts';
import { decodeLogs, type RawLog } from '../decode';
import { pendingFillTargets } from './registry';
import { looksRareTradeLog } from '../../testing/chain-logs';

const looksRare = '0x0000000000e655fae4d56241588680f86e3b2377';
const contracts: ChainContracts = {
  chainId: 1,
  exchanges: [{ protocol: 'looksrare-v2', version: '2', address: looksRare }],
  conduits: {},
  marketplaces: [],
};
const collection = '0x1000000000000000000000000000000000000001';
const maker = '0xa000000000000000000000000000000000000001';
const router = '0xc000000000000000000000000000000000000003';
const recipient = '0xb000000000000000000000000000000000000002';
const creator = '0xd000000000000000000000000000000000000004';
const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const eth = '0x0000000000000000000000000000000000000000';
const orderHash = `0x${'ab'.repeat(32)}` as const;
const at = { blockNumber: 7, transactionHash: `0x${'11'.repeat(32)}` as const, logIndex: 3 };

type Trade = {
  taker: Hex;
  other: Hex;
  currency: Hex;
  itemIds: bigint[];
  feeRecipients: readonly [Hex, Hex];
  feeAmounts: readonly [bigint, bigint, bigint];
};

const eventNamed = <N extends (typeof LOOKSRARE_EVENTS)[number]['name']>(name: N) =>
  LOOKSRARE_EVENTS.find((event) => event.name === name) as Extract<(typeof LOOKSRARE_EVENTS)[number], { name: N }>;

/** A TakerAsk or TakerBid log as the protocol emits it, encoded by viem; the trade spent the maker's order nonce 4. */
function tradeLog(kind: 'TakerAsk' | 'TakerBid', trade: Trade, address: Hex = looksRare): RawLog {
  return looksRareTradeLog(
    address,
    kind,
    { ...trade, orderHash, orderNonce: 4n, nonceSpent: true, collection, amounts: trade.itemIds.map(() => 1n) },
    at,
  );
}

describe('LooksRare v2 trades', () => {
  it('reads a TakerBid as a sale to bidRecipient, not the router that sent it, at the sum of the fee amounts', () => {
    const log = tradeLog('TakerBid', {
      taker: router,
      other: recipient,
      currency: eth,
      itemIds: [42n],
      feeRecipients: [maker, creator],
      feeAmounts: [9_450n, 500n, 50n],
    });

    const { sales, fills } = decodeLogs([log], contracts);

    expect(sales).toEqual([
      {
        blockNumber: 7,
        txHash: at.transactionHash,
        logIndex: 3,
        itemIndex: 0,
        protocol: 'looksrare-v2',
        collection,
        tokenId: 42n,
        amount: 1n,
        priceWei: 10_000n,
        paymentToken: eth,
        buyer: recipient,
        seller: maker,
        marketplace: 'looks',
        orderHash,
        proceedsWei: 9_450n,
      },
    ]);
    expect(fills).toEqual([expect.objectContaining({ exchange: looksRare, orderHash })]);
  });

  it('reads a TakerAsk as a sale by the taker to the maker bidder, in WETH', () => {
    const log = tradeLog('TakerAsk', {
      taker: maker,
      other: recipient,
      currency: weth,
      itemIds: [7n],
      feeRecipients: [creator, eth],
      feeAmounts: [995n, 0n, 5n],
    });

    const [sale] = decodeLogs([log], contracts).sales;

    expect(sale).toMatchObject({ seller: maker, buyer: recipient, paymentToken: weth, priceWei: 1_000n });
    expect(sale?.proceedsWei).toBe(995n);
  });

  it('splits a bundle so the rows sum to the price and the proceeds', () => {
    const log = tradeLog('TakerBid', {
      taker: recipient,
      other: recipient,
      currency: eth,
      itemIds: [1n, 2n, 3n],
      feeRecipients: [maker, eth],
      feeAmounts: [95n, 0n, 5n],
    });

    const { sales } = decodeLogs([log], contracts);

    expect(sales.map((sale) => sale.tokenId)).toEqual([1n, 2n, 3n]);
    expect(sales.reduce((sum, sale) => sum + sale.priceWei, 0n)).toBe(100n);
    expect(sales.reduce((sum, sale) => sum + sale.proceedsWei, 0n)).toBe(95n);
  });

  it('ignores the same events from an address the chain does not list as a LooksRare exchange', () => {
    const log = tradeLog(
      'TakerBid',
      {
        taker: recipient,
        other: recipient,
        currency: eth,
        itemIds: [1n],
        feeRecipients: [maker, eth],
        feeAmounts: [1n, 0n, 0n],
      },
      collection,
    );

    expect(decodeLogs([log], contracts)).toMatchObject({ sales: [], fills: [], malformed: 0 });
  });

  it('counts a TakerBid whose data is cut short as malformed instead of failing the batch', () => {
    const log = tradeLog('TakerBid', {
      taker: recipient,
      other: recipient,
      currency: eth,
      itemIds: [1n],
      feeRecipients: [maker, eth],
      feeAmounts: [1n, 0n, 0n],
    });

    const decoded = decodeLogs([{ ...log, data: log.data.slice(0, 2 + 64 * 9) }], contracts);

    expect(decoded).toMatchObject({ sales: [], malformed: 1 });
  });

  it('spends the maker’s order nonce when the trade invalidated it: the maker of a TakerBid is the seller', () => {
    const log = tradeLog('TakerBid', {
      taker: router,
      other: recipient,
      currency: eth,
      itemIds: [42n],
      feeRecipients: [maker, creator],
      feeAmounts: [1n, 0n, 0n],
    });

    expect(decodeLogs([log], contracts).nonces).toEqual([
      expect.objectContaining({ exchange: looksRare, offerer: maker, kind: 'order', nonce: 4n, cancelled: false }),
    ]);
  });
});

/** A nonce event of the protocol, encoded by viem. */
const nonceLog = (name: 'NewBidAskNonces' | 'OrderNoncesCancelled' | 'SubsetNoncesCancelled', args: unknown[]) => {
  const event = eventNamed(name);
  return {
    address: looksRare,
    topics: encodeEventTopics({ abi: [event] }) as Hex[],
    data: encodeAbiParameters(event.inputs, args as never),
    ...at,
  };
};

describe('LooksRare v2 nonces', () => {
  it('reads a new ask nonce as the signer’s global nonce bumped, and cancelled order and subset nonces one by one', () => {
    const decoded = decodeLogs(
      [
        nonceLog('NewBidAskNonces', [maker, 11n, 22n]),
        nonceLog('OrderNoncesCancelled', [maker, [3n, 5n]]),
        nonceLog('SubsetNoncesCancelled', [maker, [9n]]),
      ],
      contracts,
    );

    expect(decoded.counters).toEqual([
      expect.objectContaining({ exchange: looksRare, offerer: maker, newCounter: 22n }),
    ]);
    expect(decoded.nonces.map(({ kind, nonce, cancelled }) => ({ kind, nonce, cancelled }))).toEqual([
      { kind: 'order', nonce: 3n, cancelled: true },
      { kind: 'order', nonce: 5n, cancelled: true },
      { kind: 'subset', nonce: 9n, cancelled: true },
    ]);
  });
});

describe("LooksRare's TransferManager", () => {
  const transferManager = '0x000000000060c4ca14cfc4325359062ace33fe3d';
  const withManager: ChainContracts = {
    ...contracts,
    exchanges: [{ protocol: 'looksrare-v2', version: '2', address: looksRare, transferManager }],
  };
  const [approvalsRemoved] = LOOKSRARE_TRANSFER_MANAGER_EVENTS;
  const removal = (address: string): RawLog => ({
    address,
    topics: encodeEventTopics({ abi: [approvalsRemoved] }) as Hex[],
    data: encodeAbiParameters(approvalsRemoved.inputs, [maker, [looksRare, router]]),
    ...at,
  });

  it('reads ApprovalsRemoved as each exchange the seller took back, from the manager the chain names only', () => {
    expect(decodeLogs([removal(transferManager)], withManager).revokedGrants).toEqual([
      {
        blockNumber: 7,
        txHash: at.transactionHash,
        logIndex: 3,
        manager: transferManager,
        owner: maker,
        exchange: looksRare,
      },
      {
        blockNumber: 7,
        txHash: at.transactionHash,
        logIndex: 3,
        manager: transferManager,
        owner: maker,
        exchange: router,
      },
    ]);
    // The same event from any other contract is anyone's to emit: not a revocation.
    expect(decodeLogs([removal(router)], withManager).revokedGrants).toEqual([]);
    expect(decodeLogs([removal(transferManager)], contracts).revokedGrants).toEqual([]);
  });
});

describe('pending LooksRare purchases', () => {
  /** A maker order of `itemIds`, as the exchange takes it in calldata. */
  const ask = (itemIds: bigint[], quoteType: number = QuoteType.Ask): LooksRareMaker => ({
    quoteType,
    globalNonce: 0n,
    subsetNonce: 0n,
    orderNonce: 0n,
    strategyId: 0n,
    collectionType: 0,
    collection: collection as Hex,
    currency: eth as Hex,
    signer: maker as Hex,
    startTime: 1n,
    endTime: 2n,
    price: 10n,
    itemIds,
    amounts: itemIds.map(() => 1n),
    additionalParameters: '0x' as const,
  });
  const taker = { recipient: eth, additionalParameters: '0x' } as const;
  const tree = { root: orderHash, proof: [] };

  it('reads the NFTs of every ask a pending purchase takes, sent to an exchange the chain lists only', () => {
    const single = encodeFunctionData({
      abi: LOOKSRARE_ABI,
      functionName: 'executeTakerBid',
      args: [taker, ask([7n]), '0x', tree, eth],
    });
    const several = encodeFunctionData({
      abi: LOOKSRARE_ABI,
      functionName: 'executeMultipleTakerBids',
      args: [[taker, taker], [ask([8n]), ask([9n, 10n])], ['0x', '0x'], [tree, tree], eth, false],
    });
    expect(pendingFillTargets(contracts, looksRare, single)).toEqual([{ collection, tokenId: 7n }]);
    expect(pendingFillTargets(contracts, looksRare, several).map((target) => target.tokenId)).toEqual([8n, 9n, 10n]);
    expect(pendingFillTargets(contracts, router, single)).toEqual([]);
  });

  it('reads nothing from a bid, a cancellation or calldata it cannot decode', () => {
    const bid = encodeFunctionData({
      abi: LOOKSRARE_ABI,
      functionName: 'executeTakerBid',
      args: [taker, ask([7n], QuoteType.Bid), '0x', tree, eth],
    });
    const cancel = encodeFunctionData({ abi: LOOKSRARE_ABI, functionName: 'cancelOrderNonces', args: [[1n]] });
    for (const input of [bid, cancel, '0xdeadbeef' as const]) {
      expect(pendingFillTargets(contracts, looksRare, input)).toEqual([]);
    }
  });
});
