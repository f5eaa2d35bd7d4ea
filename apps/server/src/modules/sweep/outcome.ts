import { type SweepOrderItem, SweepItemStatus } from '@floordesk/protocol';
import { erc721Abi, parseEventLogs, type TransactionReceipt } from 'viem';

export type SweepOutcome = {
  /** Spec §7 order status: 1 something was bought, 2 nothing was. */
  flag: 1 | 2;
  items: SweepOrderItem[];
  /** Wei paid for the bought items. */
  spent: string;
};

/**
 * What a mined sweep bought, read from its receipt: a token of the collection transferred to the buyer is bought
 * (Seaport fills spares in place of planned listings it skips, so a spare can be bought too); a planned one that
 * was not failed. A reverted transaction bought nothing; having used all its gas, it ran over the limit.
 */
export function sweepOutcome(
  items: readonly SweepOrderItem[],
  receipt: TransactionReceipt,
  { collection, buyer, gasLimit }: { collection: string; buyer: string; gasLimit: bigint },
): SweepOutcome {
  const reverted = receipt.status === 'reverted';
  const bought = new Set(
    parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: reverted ? [] : receipt.logs })
      .filter((log) => log.address.toLowerCase() === collection && log.args.to.toLowerCase() === buyer)
      .map((log) => log.args.tokenId.toString()),
  );
  const failed = reverted && receipt.gasUsed >= gasLimit ? SweepItemStatus.OverGasLimit : SweepItemStatus.Failed;
  const settled = items.map((item): SweepOrderItem => {
    if (item.role === 'skip') return item;
    if (bought.has(item.token_id)) return { ...item, is_buy: SweepItemStatus.Bought };
    return { ...item, is_buy: item.role === 'buy' ? failed : null };
  });
  const paid = settled.filter((item) => item.is_buy === SweepItemStatus.Bought);
  return {
    flag: paid.length > 0 ? 1 : 2,
    items: settled,
    spent: paid.reduce((sum, item) => sum + BigInt(item.price), 0n).toString(),
  };
}
