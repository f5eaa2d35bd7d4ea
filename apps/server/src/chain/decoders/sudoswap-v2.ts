import { parseAbi, toEventSelector, zeroAddress } from 'viem';
import type { DecodedLogs, EventDecoders, LogAt, TransactionLogs } from '../decode';
import { readUintArray, topicAddress, uintWord } from './abi-words';
import { poolSwap, poolSwapDecoder, pushPool, pushPoolSales, tokenPayments } from './pools';

/**
 * sudoswap v2 (LSSVM2): the factory announces each pool it deploys; a pool's swap states what was paid and, for an
 * ERC-721 pool, the ids; the collection and the other party come from the same transaction's transfers. A buy from
 * the pool (`SwapNFTOutPair`) is paid `amountIn`; a sale to it (`SwapNFTInPair`) pays `amountOut` (after the pool's
 * and the protocol's fees). An ERC-1155 pool's swap gives a count of one id instead. Paid in ETH, or in the ERC-20
 * the buyer (or, on a sale to the pool, the pool) moved in the transaction.
 */
export const SUDOSWAP_V2_EVENTS = parseAbi([
  'event NewERC721Pair(address indexed poolAddress, uint256[] initialIds)',
  'event NewERC1155Pair(address indexed poolAddress, uint256 initialBalance)',
  'event SwapNFTOutPair(uint256 amountIn, uint256[] ids)',
  'event SwapNFTInPair(uint256 amountOut, uint256[] ids)',
  'event SwapNFTOutPair(uint256 amountIn, uint256 numNFTs)',
  'event SwapNFTInPair(uint256 amountOut, uint256 numNFTs)',
]);
const [newErc721Pair, newErc1155Pair, out721, in721, out1155, in1155] = SUDOSWAP_V2_EVENTS;
const PROTOCOL = 'sudoswap-v2';

export const SUDOSWAP_V2_FACTORY_DECODERS: EventDecoders = {
  [toEventSelector(newErc721Pair)]: (log, out) => pushPool(out, log, PROTOCOL, topicAddress(log.topics, 1)),
  [toEventSelector(newErc1155Pair)]: (log, out) => pushPool(out, log, PROTOCOL, topicAddress(log.topics, 1)),
};

export const SUDOSWAP_V2_POOL_DECODERS: EventDecoders = {
  [toEventSelector(out721)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'out', idsOf(log))),
  [toEventSelector(in721)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'in', idsOf(log))),
  [toEventSelector(out1155)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'out')),
  [toEventSelector(in1155)]: poolSwapDecoder(PROTOCOL, (log, tx, out) => swap(log, tx, out, 'in')),
};

function idsOf(log: LogAt): Set<bigint> {
  return new Set(readUintArray(log.data, Number(uintWord(log.data, 1)) / 32));
}

/** One swap's sales: the pool's transfers of the swapped ids (all of them, for an ERC-1155 pool) in its transaction. */
function swap(log: LogAt, tx: TransactionLogs, out: DecodedLogs, direction: 'out' | 'in', ids?: Set<bigint>): void {
  const swapped = poolSwap(tx, log.address, direction, ids);
  if (!swapped) return;
  const payment = tokenPayments(tx).find((transfer) => transfer.from === swapped.buyer);
  pushPoolSales(out, log, PROTOCOL, swapped, payment?.token ?? zeroAddress, uintWord(log.data, 0));
}
