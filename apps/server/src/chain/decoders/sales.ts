import type { Marketplace, SaleProtocol } from '@floordesk/protocol';
import type { DecodedLogs, LogAt } from '../decode';

/** An order's trade as the protocol's event states it: the parties and what the buyer paid and the seller got. */
export type OrderTrade = {
  protocol: SaleProtocol;
  orderHash: string;
  paymentToken: string;
  buyer: string;
  seller: string;
  marketplace: Marketplace | null;
  /** Everything the buyer paid, fees included. */
  total: bigint;
  /** What the seller received, after marketplace fee and royalty. */
  proceeds: bigint;
};

/** One NFT an order moved. */
export type TradedItem = { collection: string; tokenId: bigint; amount: bigint };

/**
 * One sale row per NFT of the order: several NFTs share its price and proceeds, the first carrying the remainder so
 * the rows sum to the totals. Rows are built field by field (object spreads cost a third of the decode time).
 */
export function pushOrderSales(out: DecodedLogs, log: LogAt, trade: OrderTrade, items: readonly TradedItem[]): void {
  if (items.length === 0) return;
  const { blockNumber, txHash, logIndex } = log;
  const { total, proceeds } = trade;
  const count = BigInt(items.length);
  const share = total / count;
  const proceedsShare = proceeds / count;
  items.forEach((item, itemIndex) => {
    out.sales.push({
      blockNumber,
      txHash,
      logIndex,
      itemIndex,
      protocol: trade.protocol,
      collection: item.collection,
      tokenId: item.tokenId,
      amount: item.amount,
      priceWei: itemIndex === 0 ? total - share * (count - 1n) : share,
      paymentToken: trade.paymentToken,
      buyer: trade.buyer,
      seller: trade.seller,
      marketplace: trade.marketplace,
      orderHash: trade.orderHash,
      proceedsWei: itemIndex === 0 ? proceeds - proceedsShare * (count - 1n) : proceedsShare,
    });
  });
}
