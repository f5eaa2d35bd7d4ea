import { encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainContracts } from '../chain-contracts';
import { decodeLogs, type RawLog } from '../decode';
import { LOOKSRARE_V2_EVENTS } from './looksrare-v2';

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

/** A TakerAsk (index 0) or TakerBid (1) log as the protocol emits it, encoded by viem. */
function tradeLog(kind: 0 | 1, trade: Trade, address: string = looksRare): RawLog {
  const event = LOOKSRARE_V2_EVENTS[kind];
  return {
    address,
    topics: encodeEventTopics({ abi: [event] }) as Hex[],
    data: encodeAbiParameters(event.inputs, [
      { orderHash, orderNonce: 4n, isNonceInvalidated: true },
      trade.taker,
      trade.other,
      0n,
      trade.currency,
      collection,
      trade.itemIds,
      trade.itemIds.map(() => 1n),
      trade.feeRecipients,
      trade.feeAmounts,
    ]),
    ...at,
  };
}

describe('LooksRare v2 trades', () => {
  it('reads a TakerBid as a sale to bidRecipient, not the router that sent it, at the sum of the fee amounts', () => {
    const log = tradeLog(1, {
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
    const log = tradeLog(0, {
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
    const log = tradeLog(1, {
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
      1,
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
    const log = tradeLog(1, {
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
});
