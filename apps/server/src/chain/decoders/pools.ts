import type { SaleProtocol } from '@floordesk/protocol';
import type { DecodeContext, DecodedLogs, EventDecoder, LogAt, TransactionLogs, TransferEvent } from '../decode';
import { topicAddress, uintWord } from './abi-words';

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

/** The NFTs that left the pool (a buy from it) or reached it (a sale to it) in the swap's transaction. */
export function poolTransfers(tx: TransactionLogs, pool: string, direction: 'out' | 'in'): TransferEvent[] {
  return tx.transfers.filter((transfer) => (direction === 'out' ? transfer.from : transfer.to) === pool);
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The ERC-20 transfers of a transaction (three topics and an amount; ERC-721's carry four). */
export function tokenPayments(tx: TransactionLogs): Array<{ token: string; from: string; to: string; amount: bigint }> {
  return tx.logs
    .filter((log) => log.topics.length === 3 && log.topics[0]?.toLowerCase() === TRANSFER_TOPIC)
    .map((log) => ({
      token: log.address,
      from: topicAddress(log.topics, 1),
      to: topicAddress(log.topics, 2),
      amount: uintWord(log.data, 0),
    }));
}
