import { ItemType, SEAPORT_ABI } from '@floordesk/contracts';
import { decodeFunctionData, parseAbi, toEventSelector, zeroAddress } from 'viem';
import { type ChainContracts, marketplaceOf } from '../chain-contracts';
import type {
  DecodeContext,
  DecodedLogs,
  EventDecoders,
  FillTarget,
  FillTargets,
  LogAt,
  TransactionLogs,
} from '../decode';
import { arrayLength, topicAddress, uintWord, word, wordAddress } from './abi-words';
import { pushOrderSales } from './sales';

/** Seaport's events (the same in 1.1 to 1.6), read from every Seaport exchange the chain lists. */
export const SEAPORT_EVENTS = parseAbi([
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
  'event CounterIncremented(uint256 newCounter, address indexed offerer)',
]);
const [orderFulfilled, orderCancelled, counterIncremented] = SEAPORT_EVENTS;

export const SEAPORT_DECODERS: EventDecoders = {
  [toEventSelector(orderFulfilled)]: decodeOrderFulfilled,
  [toEventSelector(orderCancelled)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address } = log;
    out.cancels.push({ blockNumber, txHash, logIndex, exchange: address, orderHash: word(log.data, 0) });
  },
  [toEventSelector(counterIncremented)]: (log, out) => {
    const { blockNumber, txHash, logIndex, address } = log;
    const offerer = topicAddress(log.topics, 1);
    out.counters.push({ blockNumber, txHash, logIndex, exchange: address, offerer, newCounter: uintWord(log.data, 0) });
  },
};

type Item = { itemType: number; token: string; identifier: bigint; amount: bigint; recipient?: string };

type Fill = {
  orderHash: string;
  offerer: string;
  zone: string;
  recipient: string;
  offer: Item[];
  consideration: Item[];
};

const ORDER_FULFILLED = toEventSelector(orderFulfilled);

function decodeOrderFulfilled(log: LogAt, out: DecodedLogs, context: DecodeContext): void {
  const { blockNumber, txHash, logIndex, address } = log;
  const fill = readFill(log);
  out.fills.push({ blockNumber, txHash, logIndex, exchange: address, orderHash: fill.orderHash });
  if (fill.recipient !== zeroAddress && fill.recipient !== fill.offerer) {
    pushFillSale(log, fill, out, context.contracts, {});
    return;
  }
  // Matched orders (matchOrders, matchAdvancedOrders: how an offer is accepted) name no fulfiller: each order of the
  // match emits its own OrderFulfilled, to a zero recipient or back to its offerer. The sale is the buyer's order, at
  // what it offered; its seller is whoever offered the NFT in the same transaction.
  context.afterTransaction(txHash, (tx) => pushMatchedSale(log, fill, tx, out, context.contracts));
}

function readFill(log: LogAt): Fill {
  const data = log.data;
  return {
    orderHash: word(data, 0),
    offerer: topicAddress(log.topics, 1),
    zone: topicAddress(log.topics, 2),
    recipient: wordAddress(data, 1),
    offer: readItems(data, Number(uintWord(data, 2)) / 32, 4),
    consideration: readItems(data, Number(uintWord(data, 3)) / 32, 5),
  };
}

/** A listing offers the NFT and asks for payment; a bid offers payment and asks for the NFT; anything else is no sale. */
function sideOf(fill: Fill): 'listing' | 'bid' | null {
  const offersNft = fill.offer.some(isNft);
  const asksNft = fill.consideration.some(isNft);
  if (offersNft && !asksNft) return 'listing';
  if (asksNft && !offersNft) return 'bid';
  return null;
}

function pushFillSale(
  log: LogAt,
  fill: Fill,
  out: DecodedLogs,
  contracts: ChainContracts,
  parties: { buyer?: string; seller?: string },
): void {
  const { orderHash, offerer, recipient, offer, consideration } = fill;
  const side = sideOf(fill);
  if (side === null) return; // NFT-for-NFT swaps and empty fills are not sales.
  // Fees come out of the price: a listing pays them from its consideration, an accepted bid from its offer.
  const listing = side === 'listing';
  const nfts = (listing ? offer : consideration).filter(isNft);
  const payment = (listing ? consideration : offer).filter(isPayment);
  const buyer = parties.buyer ?? (listing ? recipient : offerer);
  const seller = parties.seller ?? (listing ? offerer : recipient);
  const fees = listing ? payment.filter((item) => item.recipient !== offerer) : consideration.filter(isPayment);
  const paymentToken = payment[0]?.token ?? zeroAddress;
  const inToken = (items: Item[]) =>
    items.filter((item) => item.token === paymentToken).reduce((sum, item) => sum + item.amount, 0n);
  const total = inToken(payment);
  const proceeds = total - inToken(fees);
  const marketplace = marketplaceOf(
    contracts,
    fill.zone,
    consideration.map((item) => item.recipient ?? ''),
  );
  const items = nfts.map((nft) => ({ collection: nft.token, tokenId: nft.identifier, amount: nft.amount }));
  pushOrderSales(
    out,
    log,
    { protocol: 'seaport', orderHash, paymentToken, buyer, seller, marketplace, total, proceeds },
    items,
  );
}

/**
 * One order of a match: the buyer's order is the sale, its seller the offerer of the matched order that offered the
 * NFT (else the NFT's transfer); a seller's order matched against a buyer's is no second sale. A listing matched
 * without a buyer's order in sight takes its buyer from the NFT's transfer.
 */
function pushMatchedSale(log: LogAt, fill: Fill, tx: TransactionLogs, out: DecodedLogs, contracts: ChainContracts) {
  const side = sideOf(fill);
  if (side === null) return;
  const nft = (side === 'listing' ? fill.offer : fill.consideration).find(isNft);
  if (!nft) return;
  const sameNft = (item: Item) => isNft(item) && item.token === nft.token && item.identifier === nft.identifier;
  const matched = tx.logs
    .filter(
      (other) =>
        other.logIndex !== log.logIndex && other.topics[0] === ORDER_FULFILLED && isSeaport(contracts, other.address),
    )
    .flatMap((other) => {
      try {
        return [readFill(other)];
      } catch {
        return [];
      }
    });
  const transfer = tx.transfers.find((moved) => moved.collection === nft.token && moved.tokenId === nft.identifier);
  if (side === 'listing') {
    if (matched.some((other) => sideOf(other) === 'bid' && other.consideration.some(sameNft))) return;
    pushFillSale(log, fill, out, contracts, { buyer: transfer?.to ?? zeroAddress });
    return;
  }
  const offered = matched.find((other) => sideOf(other) === 'listing' && other.offer.some(sameNft));
  pushFillSale(log, fill, out, contracts, { seller: offered?.offerer ?? transfer?.from ?? zeroAddress });
}

function isSeaport(contracts: ChainContracts, address: string): boolean {
  return contracts.exchanges.some((exchange) => exchange.protocol === 'seaport' && exchange.address === address);
}

function isNft(item: Item): boolean {
  return item.itemType >= ItemType.Erc721;
}

function isPayment(item: Item): boolean {
  return item.itemType === ItemType.Native || item.itemType === ItemType.Erc20;
}

function readItems(data: string, start: number, width: 4 | 5): Item[] {
  const length = arrayLength(data, start, width);
  const items: Item[] = [];
  for (let i = 0; i < length; i++) {
    const at = start + 1 + i * width;
    items.push({
      itemType: Number(uintWord(data, at)),
      token: wordAddress(data, at + 1),
      identifier: uintWord(data, at + 2),
      amount: uintWord(data, at + 3),
      ...(width === 5 && { recipient: wordAddress(data, at + 4) }),
    });
  }
  return items;
}

/**
 * The NFTs a pending Seaport fill would buy: the offer items of every order it fills (basic orders carry the NFT as
 * their offer token). The fulfilment functions are the same from 1.1 to 1.6.
 */
export const SEAPORT_FILL_TARGETS: FillTargets = (input) => {
  let call;
  try {
    call = decodeFunctionData({ abi: SEAPORT_ABI, data: input });
  } catch {
    return [];
  }
  switch (call.functionName) {
    case 'fulfillBasicOrder':
    case 'fulfillBasicOrder_efficient_6GL6yc': {
      const [parameters] = call.args;
      // Routes 0–2 pay ETH or ERC-20 for an offered NFT; the others accept bids.
      return Math.floor(parameters.basicOrderType / 4) <= 2
        ? [{ collection: parameters.offerToken.toLowerCase(), tokenId: parameters.offerIdentifier }]
        : [];
    }
    case 'fulfillOrder':
    case 'fulfillAdvancedOrder':
      return nftsOffered(call.args[0].parameters.offer);
    case 'fulfillAvailableOrders':
    case 'fulfillAvailableAdvancedOrders':
      return call.args[0].flatMap((order) => nftsOffered(order.parameters.offer));
    default:
      return [];
  }
};

function nftsOffered(
  items: readonly { itemType: number; token: string; identifierOrCriteria: bigint }[],
): FillTarget[] {
  return items
    .filter((item) => item.itemType === ItemType.Erc721 || item.itemType === ItemType.Erc1155)
    .map((item) => ({ collection: item.token.toLowerCase(), tokenId: item.identifierOrCriteria }));
}
