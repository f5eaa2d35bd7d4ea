import { ItemType, SEAPORT_ABI } from '@floordesk/contracts';
import { decodeFunctionData, parseAbi, toEventSelector, zeroAddress } from 'viem';
import { type ChainContracts, marketplaceOf } from '../chain-contracts';
import type { DecodedLogs, EventDecoders, FillTarget, FillTargets, LogAt } from '../decode';
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

function decodeOrderFulfilled(log: LogAt, out: DecodedLogs, contracts: ChainContracts): void {
  const { blockNumber, txHash, logIndex, address } = log;
  const data = log.data;
  const orderHash = word(data, 0);
  const offerer = topicAddress(log.topics, 1);
  const zone = topicAddress(log.topics, 2);
  const recipient = wordAddress(data, 1);
  const offer = readItems(data, Number(uintWord(data, 2)) / 32, 4);
  const consideration = readItems(data, Number(uintWord(data, 3)) / 32, 5);
  out.fills.push({ blockNumber, txHash, logIndex, exchange: address, orderHash });

  // A listing offers the NFT and asks for payment; an accepted bid offers payment and asks for the NFT.
  const offeredNfts = offer.filter(isNft);
  const askedNfts = consideration.filter(isNft);
  let nfts: Item[];
  let payment: Item[];
  let buyer: string;
  let seller: string;
  /** Fees come out of the price: a listing pays them from its consideration, an accepted bid from its offer. */
  let fees: Item[];
  if (offeredNfts.length > 0 && askedNfts.length === 0) {
    nfts = offeredNfts;
    payment = consideration.filter(isPayment);
    buyer = recipient;
    seller = offerer;
    fees = payment.filter((item) => item.recipient !== seller);
  } else if (askedNfts.length > 0 && offeredNfts.length === 0) {
    nfts = askedNfts;
    payment = offer.filter(isPayment);
    buyer = offerer;
    seller = recipient;
    fees = consideration.filter(isPayment);
  } else {
    return; // NFT-for-NFT swaps and empty fills are not sales.
  }
  const paymentToken = payment[0]?.token ?? zeroAddress;
  const inToken = (items: Item[]) =>
    items.filter((item) => item.token === paymentToken).reduce((sum, item) => sum + item.amount, 0n);
  const total = inToken(payment);
  const proceeds = total - inToken(fees);
  const marketplace = marketplaceOf(
    contracts,
    zone,
    consideration.map((item) => item.recipient ?? ''),
  );
  const items = nfts.map((nft) => ({ collection: nft.token, tokenId: nft.identifier, amount: nft.amount }));
  pushOrderSales(out, log, { orderHash, paymentToken, buyer, seller, marketplace, total, proceeds }, items);
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
