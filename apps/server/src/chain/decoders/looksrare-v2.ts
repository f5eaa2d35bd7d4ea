import { parseAbi, toEventSelector } from 'viem';
import type { DecodedLogs, EventDecoders, LogAt } from '../decode';
import { readUintArray, uintWord, word, wordAddress } from './abi-words';

/**
 * LooksRare v2's trades, read from every LooksRare v2 exchange the chain lists. Neither event indexes a field, so
 * everything is in the data: the nonce invalidation (order hash, order nonce, whether the nonce is spent) inline, the
 * parties, strategy, currency and collection, the item ids and amounts (dynamic), then the two fee recipients and the
 * three fee amounts inline.
 */
export const LOOKSRARE_V2_EVENTS = parseAbi([
  'event TakerAsk((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address askUser, address bidUser, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
  'event TakerBid((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address bidUser, address bidRecipient, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
]);
const [takerAsk, takerBid] = LOOKSRARE_V2_EVENTS;

export const LOOKSRARE_V2_DECODERS: EventDecoders = {
  // A seller accepting a maker bid: the taker (askUser) sells, the maker (bidUser) receives the NFTs.
  [toEventSelector(takerAsk)]: (log, out) =>
    decodeTrade(log, out, { seller: wordAddress(log.data, 3), buyer: wordAddress(log.data, 4) }),
  // A buyer filling a maker ask: the proceeds' recipient is the maker who listed; the NFTs go to bidRecipient, which
  // through a router differs from the transaction's bidUser.
  [toEventSelector(takerBid)]: (log, out) =>
    decodeTrade(log, out, { seller: wordAddress(log.data, 10), buyer: wordAddress(log.data, 4) }),
};

/**
 * One sale row per item, marketplace LooksRare: the gross price is every fee amount together (the seller's proceeds,
 * the creator fee, the protocol fee), the seller's proceeds the first of them; several items share both, the first
 * carrying the remainder so the rows sum to the totals. The order hash is filled on this exchange.
 */
function decodeTrade(log: LogAt, out: DecodedLogs, { seller, buyer }: { seller: string; buyer: string }): void {
  const { blockNumber, txHash, logIndex, address, data } = log;
  const orderHash = word(data, 0);
  const paymentToken = wordAddress(data, 6);
  const collection = wordAddress(data, 7);
  const itemIds = readUintArray(data, Number(uintWord(data, 8)) / 32);
  const amounts = readUintArray(data, Number(uintWord(data, 9)) / 32);
  const proceeds = uintWord(data, 12);
  const total = proceeds + uintWord(data, 13) + uintWord(data, 14);
  out.fills.push({ blockNumber, txHash, logIndex, exchange: address, orderHash });
  if (itemIds.length === 0) return;
  const count = BigInt(itemIds.length);
  const share = total / count;
  const proceedsShare = proceeds / count;
  itemIds.forEach((tokenId, itemIndex) => {
    out.sales.push({
      blockNumber,
      txHash,
      logIndex,
      itemIndex,
      collection,
      tokenId,
      amount: amounts[itemIndex] ?? 1n,
      priceWei: itemIndex === 0 ? total - share * (count - 1n) : share,
      paymentToken,
      buyer,
      seller,
      marketplace: 'looks',
      orderHash,
      proceedsWei: itemIndex === 0 ? proceeds - proceedsShare * (count - 1n) : proceedsShare,
    });
  });
}
