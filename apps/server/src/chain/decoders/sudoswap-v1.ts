import { parseAbi, toEventSelector } from 'viem';
import type { DecodedLogs, EventDecoders, LogAt, TransactionLogs } from '../decode';
import { wordAddress } from './abi-words';
import { poolSwap, poolSwapDecoder, pushPool, pushPoolSales, tokenPayments } from './pools';

/**
 * sudoswap v1 (LSSVM): the factory announces each pool it deploys (`NewPair`, the pool in its data); a pool's swap
 * event carries nothing, so a swap is read from its transaction: the NFTs that left the pool (`SwapNFTOutPair`, a
 * buy) or reached it (`SwapNFTInPair`, a sale to it), and the ERC-20 that paid for them: what the buyer paid, or what
 * the pool paid out. A pool trading in ETH moves the ETH without a log: its swaps cannot be priced from logs and are
 * counted as unpriced.
 */
const EVENTS = parseAbi(['event NewPair(address poolAddress)', 'event SwapNFTOutPair()', 'event SwapNFTInPair()']);
const [newPair, swapOut, swapIn] = EVENTS;
const PROTOCOL = 'sudoswap-v1';

export const SUDOSWAP_V1_FACTORY_DECODERS: EventDecoders = {
  [toEventSelector(newPair)]: (log, out) => pushPool(out, log, PROTOCOL, wordAddress(log.data, 0)),
};

export const SUDOSWAP_V1_POOL_DECODERS: EventDecoders = {
  [toEventSelector(swapOut)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'out')),
  [toEventSelector(swapIn)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'in')),
};

function swap(log: LogAt, tx: TransactionLogs, out: DecodedLogs, direction: 'out' | 'in'): void {
  const swapped = poolSwap(tx, log.address, direction);
  if (!swapped) return;
  // The payer's ERC-20 transfers in the token it first paid: the price and the protocol fee on a buy, the seller's
  // share and the fee on a sale to the pool.
  const paid = tokenPayments(tx).filter((transfer) => transfer.from === swapped.buyer);
  const token = paid[0]?.token;
  if (token === undefined) {
    out.unpriced++;
    return;
  }
  const total = paid
    .filter((transfer) => transfer.token === token)
    .reduce((sum, transfer) => sum + transfer.amount, 0n);
  pushPoolSales(out, log, PROTOCOL, swapped, token, total);
}
