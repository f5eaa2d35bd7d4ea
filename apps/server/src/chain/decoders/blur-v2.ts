import { parseAbi, toEventSelector, zeroAddress } from 'viem';
import type { DecodedLogs, EventDecoders, LogAt, TransactionLogs } from '../decode';
import { uintWord, word, wordAddress } from './abi-words';
import { pushOrderSales } from './sales';

/**
 * BlurExchangeV2 (2023 on): an ERC-721 fill is one packed event (`Execution721Packed`, or its `TakerFee` and
 * `MakerFee` twins with a fee packed in a fourth word), an ERC-1155 fill one `Execution` with its fields in words.
 * The packed words hold, from the low bits up:
 * - `tokenIdListingIndexTrader`: the maker (160 bits), the listing's index in its order (8), the token id (the rest);
 * - `collectionPriceSide`: the collection (160), the price (88), the order's side (8: 0 an ask, 1 a bid);
 * - a fee: its recipient (160), its rate in basis points (16).
 * The maker is the only party named: the taker is whoever the NFT moved from (a bid accepted) or to (an ask
 * taken) in the same transaction. An ask is priced in ETH, which its seller receives even when the buyer pays from
 * their Blur Pool balance; a bid in Blur Pool.
 */
export const BLUR_V2_EVENTS = parseAbi([
  'event Execution721Packed(bytes32 orderHash, uint256 tokenIdListingIndexTrader, uint256 collectionPriceSide)',
  'event Execution721TakerFeePacked(bytes32 orderHash, uint256 tokenIdListingIndexTrader, uint256 collectionPriceSide, uint256 takerFeeRecipientRate)',
  'event Execution721MakerFeePacked(bytes32 orderHash, uint256 tokenIdListingIndexTrader, uint256 collectionPriceSide, uint256 makerFeeRecipientRate)',
  'event Execution((address trader, uint256 id, uint256 amount, address collection, uint8 assetType) transfer, bytes32 orderHash, uint256 listingIndex, uint256 price, (address recipient, uint16 rate) makerFee, ((address recipient, uint16 rate) protocolFee, (address recipient, uint16 rate) takerFee) fees, uint8 orderType)',
]);
const [packed, takerFeePacked, makerFeePacked, execution] = BLUR_V2_EVENTS;

/** Blur's ETH wrapper that bids are paid in (an ERC-20 `Transfer` emitter). */
const BLUR_POOL = '0x0000000000a39bb272e79075ade125fd351887ac';
const ADDRESS_BITS = (1n << 160n) - 1n;
const PRICE_BITS = (1n << 88n) - 1n;
const BPS = 10_000n;
const ASK = 0n;

type Fill = {
  orderHash: string;
  maker: string;
  collection: string;
  tokenId: bigint;
  amount: bigint;
  price: bigint;
  side: bigint;
  /** Basis points of the price the seller pays: the maker's fee (royalty) and, on an accepted bid, the taker's. */
  sellerFeeBps: bigint;
};

export const BLUR_V2_DECODERS: EventDecoders = {
  [toEventSelector(packed)]: (log, out, { afterTransaction }) => {
    afterTransaction(log.txHash, (tx) => completeFill(log, unpack(log, 0n, 0n), tx, out));
  },
  [toEventSelector(takerFeePacked)]: (log, out, { afterTransaction }) => {
    const takerFee = feeRate(uintWord(log.data, 3));
    // A taker selling into a bid pays the taker fee from the price; a taker buying pays it on top.
    afterTransaction(log.txHash, (tx) => completeFill(log, unpack(log, 0n, takerFee), tx, out));
  },
  [toEventSelector(makerFeePacked)]: (log, out, { afterTransaction }) => {
    afterTransaction(log.txHash, (tx) => completeFill(log, unpack(log, feeRate(uintWord(log.data, 3)), 0n), tx, out));
  },
  [toEventSelector(execution)]: (log, out, { afterTransaction }) => {
    const data = log.data;
    const side = uintWord(data, 14);
    const fill: Fill = {
      orderHash: word(data, 5),
      maker: wordAddress(data, 0),
      collection: wordAddress(data, 3),
      tokenId: uintWord(data, 1),
      amount: uintWord(data, 2),
      price: uintWord(data, 7),
      side,
      sellerFeeBps: uintWord(data, 9) + (side === ASK ? 0n : uintWord(data, 13)),
    };
    afterTransaction(log.txHash, (tx) => completeFill(log, fill, tx, out));
  },
};

function unpack(log: LogAt, makerFeeBps: bigint, takerFeeBps: bigint): Fill {
  const tokenIdListingIndexTrader = uintWord(log.data, 1);
  const collectionPriceSide = uintWord(log.data, 2);
  const side = collectionPriceSide >> 248n;
  return {
    orderHash: word(log.data, 0),
    maker: address(tokenIdListingIndexTrader),
    collection: address(collectionPriceSide),
    tokenId: tokenIdListingIndexTrader >> 168n,
    amount: 1n,
    price: (collectionPriceSide >> 160n) & PRICE_BITS,
    side,
    sellerFeeBps: makerFeeBps + (side === ASK ? 0n : takerFeeBps),
  };
}

function feeRate(recipientRate: bigint): bigint {
  return (recipientRate >> 160n) & 0xffffn;
}

function address(packedWord: bigint): string {
  return `0x${(packedWord & ADDRESS_BITS).toString(16).padStart(40, '0')}`;
}

/**
 * The fill as a sale: its taker from the NFT's transfer in the transaction (the first that moves this token from the
 * seller, or to the buyer), the zero address when the input holds no such transfer.
 */
function completeFill(log: LogAt, fill: Fill, tx: TransactionLogs, out: DecodedLogs): void {
  const isAsk = fill.side === ASK;
  const moved = tx.transfers.find(
    (transfer) =>
      transfer.collection === fill.collection &&
      transfer.tokenId === fill.tokenId &&
      (isAsk ? transfer.from === fill.maker : transfer.to === fill.maker),
  );
  const taker = (isAsk ? moved?.to : moved?.from) ?? zeroAddress;
  const [buyer, seller] = isAsk ? [taker, fill.maker] : [fill.maker, taker];
  const total = fill.price * fill.amount;
  const trade = {
    protocol: 'blur-v2' as const,
    orderHash: fill.orderHash,
    paymentToken: isAsk ? zeroAddress : BLUR_POOL,
    buyer,
    seller,
    marketplace: 'blur' as const,
    total,
    proceeds: total - (total * fill.sellerFeeBps) / BPS,
  };
  pushOrderSales(out, log, trade, [{ collection: fill.collection, tokenId: fill.tokenId, amount: fill.amount }]);
}
