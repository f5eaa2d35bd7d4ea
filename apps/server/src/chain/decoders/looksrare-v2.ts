import { LOOKSRARE_ABI, LOOKSRARE_EVENTS, LOOKSRARE_TRANSFER_MANAGER_EVENTS, QuoteType } from '@floordesk/contracts';
import { decodeFunctionData, toEventSelector } from 'viem';
import type { DecodedLogs, EventDecoders, FillTarget, FillTargets, LogAt } from '../decode';
import { readAddressArray, readUintArray, uintWord, word, wordAddress } from './abi-words';
import { pushOrderSales } from './sales';

/** LooksRare v2's trades and nonces, read from every LooksRare v2 exchange the chain lists. */
const [newBidAskNonces, orderNoncesCancelled, subsetNoncesCancelled, takerAsk, takerBid] = LOOKSRARE_EVENTS;

export const LOOKSRARE_V2_DECODERS: EventDecoders = {
  // Both global nonces are emitted whichever moved; a listing signed with the ask nonce still current stays valid.
  [toEventSelector(newBidAskNonces)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address, data } = log;
    out.counters.push({
      blockNumber,
      txHash,
      logIndex,
      exchange: address,
      offerer: wordAddress(data, 0),
      newCounter: uintWord(data, 2),
    });
  },
  [toEventSelector(orderNoncesCancelled)]: (log, out) => decodeCancelledNonces(log, out, 'order'),
  [toEventSelector(subsetNoncesCancelled)]: (log, out) => decodeCancelledNonces(log, out, 'subset'),
  // A seller accepting a maker bid: the taker (askUser) sells, the maker (bidUser) receives the NFTs.
  [toEventSelector(takerAsk)]: (log, out) => {
    const bidder = wordAddress(log.data, 4);
    decodeTrade(log, out, { seller: wordAddress(log.data, 3), buyer: bidder, maker: bidder });
  },
  // A buyer filling a maker ask: the proceeds' recipient is the maker who listed; the NFTs go to bidRecipient, which
  // through a router differs from the transaction's bidUser.
  [toEventSelector(takerBid)]: (log, out) => {
    const seller = wordAddress(log.data, 10);
    decodeTrade(log, out, { seller, buyer: wordAddress(log.data, 4), maker: seller });
  },
};

function decodeCancelledNonces(log: LogAt, out: DecodedLogs, kind: 'order' | 'subset'): void {
  const { blockNumber, txHash, logIndex, address, data } = log;
  const offerer = wordAddress(data, 0);
  for (const nonce of readUintArray(data, Number(uintWord(data, 1)) / 32)) {
    out.nonces.push({ blockNumber, txHash, logIndex, exchange: address, offerer, kind, nonce, cancelled: true });
  }
}

/**
 * One sale row per item, marketplace LooksRare: the gross price is every fee amount together (the seller's proceeds,
 * the creator fee, the protocol fee), the seller's proceeds the first of them; several items share both, the first
 * carrying the remainder so the rows sum to the totals. The order hash is filled on this exchange, and the maker's
 * order nonce, when the trade spent it, ends the maker's other orders that share it.
 */
function decodeTrade(
  log: LogAt,
  out: DecodedLogs,
  { seller, buyer, maker }: { seller: string; buyer: string; maker: string },
): void {
  const { blockNumber, txHash, logIndex, address, data } = log;
  const orderHash = word(data, 0);
  const orderNonce = uintWord(data, 1);
  const nonceSpent = uintWord(data, 2) !== 0n;
  const paymentToken = wordAddress(data, 6);
  const collection = wordAddress(data, 7);
  const itemIds = readUintArray(data, Number(uintWord(data, 8)) / 32);
  const amounts = readUintArray(data, Number(uintWord(data, 9)) / 32);
  const proceeds = uintWord(data, 12);
  const total = proceeds + uintWord(data, 13) + uintWord(data, 14);
  out.fills.push({ blockNumber, txHash, logIndex, exchange: address, orderHash });
  if (nonceSpent) {
    const spent = { kind: 'order', nonce: orderNonce, cancelled: false } as const;
    out.nonces.push({ blockNumber, txHash, logIndex, exchange: address, offerer: maker, ...spent });
  }
  const items = itemIds.map((tokenId, i) => ({ collection, tokenId, amount: amounts[i] ?? 1n }));
  pushOrderSales(
    out,
    log,
    { protocol: 'looksrare-v2', orderHash, paymentToken, buyer, seller, marketplace: 'looks', total, proceeds },
    items,
  );
}

const [approvalsRemoved] = LOOKSRARE_TRANSFER_MANAGER_EVENTS;

/** LooksRare's TransferManager, read where an exchange of the chain names it. */
export const LOOKSRARE_TRANSFER_MANAGER_DECODERS: EventDecoders = {
  [toEventSelector(approvalsRemoved)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address, data } = log;
    const owner = wordAddress(data, 0);
    for (const exchange of readAddressArray(data, Number(uintWord(data, 1)) / 32)) {
      out.revokedGrants.push({ blockNumber, txHash, logIndex, manager: address, owner, exchange });
    }
  },
};

/** The NFTs a pending LooksRare purchase would buy: the items of every maker ask it takes. */
export const LOOKSRARE_V2_FILL_TARGETS: FillTargets = (input) => {
  let call;
  try {
    call = decodeFunctionData({ abi: LOOKSRARE_ABI, data: input });
  } catch {
    return [];
  }
  switch (call.functionName) {
    case 'executeTakerBid':
      return askedItems(call.args[1]);
    case 'executeMultipleTakerBids':
      return call.args[1].flatMap(askedItems);
    default:
      return [];
  }
};

function askedItems(maker: { quoteType: number; collection: string; itemIds: readonly bigint[] }): FillTarget[] {
  if (maker.quoteType !== QuoteType.Ask) return [];
  return maker.itemIds.map((tokenId) => ({ collection: maker.collection.toLowerCase(), tokenId }));
}
