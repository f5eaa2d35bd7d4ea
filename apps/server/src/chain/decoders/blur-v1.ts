import { decodeAbiParameters, parseAbi, parseAbiParameters, toEventSelector } from 'viem';
import type { EventDecoders } from '../decode';
import { MalformedLog, topicAddress } from './abi-words';
import { pushOrderSales } from './sales';

/**
 * BlurExchange (Blur's first exchange, 2022): a sale is one `OrdersMatched` of a sell and a buy order, each whole in
 * the log. The maker's order sets the price (a listing taken, or a bid accepted); the sell order names the token and
 * carries the royalty fees, in basis points of the price.
 */
const ORDER =
  '(address trader, uint8 side, address matchingPolicy, address collection, uint256 tokenId, uint256 amount, address paymentToken, uint256 price, uint256 listingTime, uint256 expirationTime, (uint16 rate, address recipient)[] fees, uint256 salt, bytes extraParams)';
export const BLUR_V1_EVENTS = parseAbi([
  `event OrdersMatched(address indexed maker, address indexed taker, ${ORDER} sell, bytes32 sellHash, ${ORDER} buy, bytes32 buyHash)`,
]);
const [ordersMatched] = BLUR_V1_EVENTS;
const MATCHED_DATA = parseAbiParameters(`${ORDER} sell, bytes32 sellHash, ${ORDER} buy, bytes32 buyHash`);
const BPS = 10_000n;

export const BLUR_V1_DECODERS: EventDecoders = {
  [toEventSelector(ordersMatched)]: (log, out) => {
    let sell, sellHash, buy, buyHash;
    try {
      [sell, sellHash, buy, buyHash] = decodeAbiParameters(MATCHED_DATA, log.data as `0x${string}`);
    } catch {
      throw new MalformedLog('not an OrdersMatched layout');
    }
    const maker = topicAddress(log.topics, 1);
    const sellerIsMaker = sell.trader.toLowerCase() === maker;
    const total = sellerIsMaker ? sell.price : buy.price;
    const fees = sell.fees.reduce((sum, fee) => sum + (total * BigInt(fee.rate)) / BPS, 0n);
    const trade = {
      protocol: 'blur-v1' as const,
      orderHash: sellerIsMaker ? sellHash : buyHash,
      paymentToken: sell.paymentToken.toLowerCase(),
      buyer: buy.trader.toLowerCase(),
      seller: sell.trader.toLowerCase(),
      marketplace: 'blur' as const,
      total,
      proceeds: total - fees,
    };
    pushOrderSales(out, log, trade, [
      { collection: sell.collection.toLowerCase(), tokenId: sell.tokenId, amount: sell.amount },
    ]);
  },
};
