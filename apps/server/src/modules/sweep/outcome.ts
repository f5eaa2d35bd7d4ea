import type { SweepItem, SweepOutcomeName } from '@floordesk/protocol';
import { erc721Abi, parseEventLogs, type TransactionReceipt } from 'viem';

export type SweepOutcome = {
  /** Whether anything was bought. */
  outcome: Exclude<SweepOutcomeName, 'pending'>;
  items: SweepItem[];
  /** Wei paid for the bought items. */
  spent: string;
};

/**
 * What a mined sweep bought, read from its receipt: a token of the collection transferred to the buyer is bought
 * (Seaport fills spares in place of planned listings it skips, so a spare can be bought too); a planned one that
 * was not failed. A reverted transaction bought nothing; having used all its gas, it ran over the limit.
 */
export function sweepOutcome(
  items: readonly SweepItem[],
  receipt: TransactionReceipt,
  { collection, buyer, gasLimit }: { collection: string; buyer: string; gasLimit: bigint },
): SweepOutcome {
  const reverted = receipt.status === 'reverted';
  const bought = new Set(
    parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: reverted ? [] : receipt.logs })
      .filter((log) => log.address.toLowerCase() === collection && log.args.to.toLowerCase() === buyer)
      .map((log) => log.args.tokenId.toString()),
  );
  const failed = reverted && receipt.gasUsed >= gasLimit ? 'over_gas_limit' : 'failed';
  const settled = items.map((item): SweepItem => {
    if (item.role === 'skip') return item;
    if (bought.has(item.token_id)) return { ...item, status: 'bought' };
    return { ...item, status: item.role === 'buy' ? failed : 'standby' };
  });
  const paid = settled.filter((item) => item.status === 'bought');
  return {
    outcome: paid.length > 0 ? 'bought' : 'nothing_bought',
    items: settled,
    spent: paid.reduce((sum, item) => sum + BigInt(item.price), 0n).toString(),
  };
}
