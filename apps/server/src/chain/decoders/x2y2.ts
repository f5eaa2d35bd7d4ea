import { decodeAbiParameters, type Hex, parseAbi, parseAbiParameters, toEventSelector } from 'viem';
import type { EventDecoders } from '../decode';
import { MalformedLog } from './abi-words';
import { pushOrderSales, type TradedItem } from './sales';

/**
 * X2Y2's exchange: every settled item is one `EvInventory`, with the maker's order item (its price and the tokens,
 * ABI-encoded in `item.data`) and the settlement (`detail`: the operation, the price paid and the fees, in millionths).
 * A collection offer leaves the token id blank in the maker's data; the seller's `dataReplacement` fills the bytes
 * `dataMask` marks, as the exchange does before it transfers.
 */
const INVENTORY =
  'address maker, address taker, uint256 orderSalt, uint256 settleSalt, uint256 intent, uint256 delegateType, uint256 deadline, address currency, bytes dataMask, (uint256 price, bytes data) item, (uint8 op, uint256 orderIdx, uint256 itemIdx, uint256 price, bytes32 itemHash, address executionDelegate, bytes dataReplacement, uint256 bidIncentivePct, uint256 aucMinIncrementPct, uint256 aucIncDurationSecs, (uint256 percentage, address to)[] fees) detail';
export const X2Y2_EVENTS = parseAbi([`event EvInventory(bytes32 indexed itemHash, ${INVENTORY})`]);
const [evInventory] = X2Y2_EVENTS;
const INVENTORY_DATA = parseAbiParameters(INVENTORY);

/** X2Y2's `Market.Op` values that settle a trade; the others cancel, bid or refund. */
const Op = { CompleteSellOffer: 1, CompleteBuyOffer: 2, CompleteAuction: 5 } as const;
const SALE_OPS: ReadonlySet<number> = new Set(Object.values(Op));
/** The maker's intent: selling (a listing or an auction) or buying (an offer). */
const INTENT_BUY = 3n;
/** The delegate that moves the tokens, which fixes how `item.data` encodes them. */
const DELEGATE_ERC721 = 1n;
const DELEGATE_ERC1155 = 2n;
const ERC721_PAIRS = parseAbiParameters('(address token, uint256 tokenId)[]');
const ERC1155_PAIRS = parseAbiParameters('(address token, uint256 tokenId, uint256 amount)[]');
const RATE_BASE = 1_000_000n;

export const X2Y2_DECODERS: EventDecoders = {
  [toEventSelector(evInventory)]: (log, out) => {
    let maker, taker, intent, delegateType, currency, dataMask, item, detail;
    try {
      [maker, taker, , , intent, delegateType, , currency, dataMask, item, detail] = decodeAbiParameters(
        INVENTORY_DATA,
        log.data as Hex,
      );
    } catch {
      throw new MalformedLog('not an EvInventory layout');
    }
    if (!SALE_OPS.has(detail.op)) return;
    const items = tokensOf(delegateType, masked(item.data, detail.dataReplacement, dataMask));
    const total = detail.price;
    const fees = detail.fees.reduce((sum, fee) => sum + (total * fee.percentage) / RATE_BASE, 0n);
    const [buyer, seller] = intent === INTENT_BUY ? [maker, taker] : [taker, maker];
    const trade = {
      protocol: 'x2y2' as const,
      orderHash: log.topics[1]?.toLowerCase() ?? '',
      paymentToken: currency.toLowerCase(),
      buyer: buyer.toLowerCase(),
      seller: seller.toLowerCase(),
      marketplace: 'x2y2' as const,
      total,
      proceeds: total - fees,
    };
    pushOrderSales(out, log, trade, items);
  },
};

/** The maker's data with the taker's replacement in every byte the mask marks (X2Y2's `_arrayReplace`). */
function masked(data: Hex, replacement: Hex, mask: Hex): Hex {
  if (mask.length <= 2 || replacement.length !== data.length || mask.length !== data.length) return data;
  let result = '0x';
  for (let i = 2; i < data.length; i += 2) {
    result += mask.slice(i, i + 2) === '00' ? data.slice(i, i + 2) : replacement.slice(i, i + 2);
  }
  return result as Hex;
}

function tokensOf(delegateType: bigint, data: Hex): TradedItem[] {
  try {
    if (delegateType === DELEGATE_ERC721) {
      const [pairs] = decodeAbiParameters(ERC721_PAIRS, data);
      return pairs.map((pair) => ({ collection: pair.token.toLowerCase(), tokenId: pair.tokenId, amount: 1n }));
    }
    if (delegateType === DELEGATE_ERC1155) {
      const [pairs] = decodeAbiParameters(ERC1155_PAIRS, data);
      return pairs.map((pair) => ({
        collection: pair.token.toLowerCase(),
        tokenId: pair.tokenId,
        amount: pair.amount,
      }));
    }
  } catch {
    throw new MalformedLog('item data is not a list of tokens');
  }
  throw new MalformedLog(`unknown delegate type ${delegateType}`);
}
