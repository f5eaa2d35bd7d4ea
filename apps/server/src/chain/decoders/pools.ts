import type { SaleProtocol } from '@floordesk/protocol';
import type { DecodeContext, DecodedLogs, EventDecoder, LogAt, TransactionLogs } from '../decode';
import { topicAddress, uintWord } from './abi-words';
import { pushOrderSales } from './sales';
import { TRANSFER_TOPIC } from './tokens';

/**
 * What sudoswap's two versions share: a pool is a clone that anyone could imitate, so its swaps count only once its
 * factory is known to have created it, and the NFTs a swap moved are read from its transaction's transfers.
 */

/** A pool the factory created in the input, or one the registry knows; else the swap is counted as foreign. */
export function knownPool(
  protocol: SaleProtocol,
  pool: string,
  out: DecodedLogs,
  { pools }: Pick<DecodeContext, 'pools'>,
): boolean {
  if (pools.has(protocol, pool) || out.pools.some((known) => known.protocol === protocol && known.pool === pool)) {
    return true;
  }
  out.foreign++;
  return false;
}

/** A pool's swap event, read from its transaction once the input is read, if the pool is one its factory made. */
export function poolSwapDecoder(
  protocol: SaleProtocol,
  swap: (log: LogAt, tx: TransactionLogs, out: DecodedLogs) => void,
): EventDecoder {
  return (log, out, context) => {
    context.afterTransaction(log.txHash, (tx) => {
      if (knownPool(protocol, log.address, out, context)) swap(log, tx, out);
    });
  };
}

/** A pool its factory created, as the factory's event tells. */
export function pushPool(out: DecodedLogs, log: LogAt, protocol: SaleProtocol, pool: string): void {
  const { blockNumber, txHash, logIndex } = log;
  out.pools.push({ blockNumber, txHash, logIndex, protocol, pool });
}

/** What a swap moved: the NFTs that left the pool (a buy from it) or reached it (a sale to it), and its two sides. */
export type PoolSwap = { moved: TransactionLogs['transfers']; buyer: string; seller: string };

/**
 * A swap read from its transaction's transfers, only those of `ids` where the swap names them; the trader is the other
 * side of the first. Undefined when the transaction moved none of the pool's NFTs that way.
 */
export function poolSwap(
  tx: TransactionLogs,
  pool: string,
  direction: 'out' | 'in',
  ids?: ReadonlySet<bigint>,
): PoolSwap | undefined {
  const moved = tx.transfers.filter(
    (transfer) => (direction === 'out' ? transfer.from : transfer.to) === pool && (!ids || ids.has(transfer.tokenId)),
  );
  const first = moved[0];
  if (!first) return undefined;
  return direction === 'out' ? { moved, buyer: first.to, seller: pool } : { moved, buyer: pool, seller: first.from };
}

/**
 * One sale per NFT a swap moved, on marketplace `soduswap`, at `total` in `paymentToken`. The pool's own and the
 * protocol's fees are not told apart in its events, so the proceeds are the total.
 */
export function pushPoolSales(
  out: DecodedLogs,
  log: LogAt,
  protocol: SaleProtocol,
  { moved, buyer, seller }: PoolSwap,
  paymentToken: string,
  total: bigint,
): void {
  const trade = {
    protocol,
    orderHash: log.address,
    paymentToken,
    buyer,
    seller,
    marketplace: 'soduswap' as const,
    total,
  };
  const items = moved.map(({ collection, tokenId, amount }) => ({ collection, tokenId, amount }));
  pushOrderSales(out, log, { ...trade, proceeds: total }, items);
}

/**
 * The ERC-20 transfers of a transaction (three topics and an amount; ERC-721's carry four). A token whose log has no
 * amount word is not a payment, and spoils no sale beside it.
 */
export function tokenPayments(tx: TransactionLogs): Array<{ token: string; from: string; to: string; amount: bigint }> {
  return tx.logs
    .filter(
      (log) => log.topics.length === 3 && log.topics[0]?.toLowerCase() === TRANSFER_TOPIC && log.data.length >= 66,
    )
    .map((log) => ({
      token: log.address,
      from: topicAddress(log.topics, 1),
      to: topicAddress(log.topics, 2),
      amount: uintWord(log.data, 0),
    }));
}
