import { ItemType, type OrderComponents, orderToJson, type SEAPORT_ABI } from '@floordesk/contracts';
import type { PostListingRequest } from '@floordesk/protocol';
import {
  type Address,
  type ContractFunctionArgs,
  decodeAbiParameters,
  type Hex,
  isAddressEqual,
  parseAbiParameters,
  zeroAddress,
  zeroHash,
} from 'viem';

/** Seaport's FULL_OPEN: anyone may fill, and only all of it at once. */
const FULL_OPEN = 0;
/** Seaport's BasicOrderType is `orderType + 4 * route`; route 0 is ETH for ERC-721, route 1 ETH for ERC-1155. */
const BASIC_ROUTE = { erc721: 0, erc1155: 1 } as const;
const BPS = 10_000n;

export type SignedOrder = { order: OrderComponents; signature: Hex };

export type ListingTerms = {
  offerer: Address;
  token: { address: Address; standard: 'erc721' | 'erc1155'; royaltyBps: number };
  tokenId: bigint;
  amount: bigint;
  /** What the buyer pays in all; the seller gets it less the marketplace fee and the royalty. */
  priceWei: bigint;
  marketplace: { conduitKey: Hex; feeRecipient: Address; feeBps: number };
  royaltyRecipient: Address;
  startTime: bigint;
  endTime: bigint;
  salt: bigint;
  counter: bigint;
};

function eth(amount: bigint, recipient: Address) {
  return {
    itemType: ItemType.Native,
    token: zeroAddress,
    identifierOrCriteria: 0n,
    startAmount: amount,
    endAmount: amount,
    recipient,
  };
}

/** A listing as marketplaces build them: one NFT offered for ETH to the seller, then the fee, then the royalty. */
export function listingOrder(terms: ListingTerms): OrderComponents {
  const fee = (terms.priceWei * BigInt(terms.marketplace.feeBps)) / BPS;
  const royalty = (terms.priceWei * BigInt(terms.token.royaltyBps)) / BPS;
  return {
    offerer: terms.offerer,
    zone: zeroAddress,
    offer: [
      {
        itemType: terms.token.standard === 'erc721' ? ItemType.Erc721 : ItemType.Erc1155,
        token: terms.token.address,
        identifierOrCriteria: terms.tokenId,
        startAmount: terms.amount,
        endAmount: terms.amount,
      },
    ],
    consideration: [
      eth(terms.priceWei - fee - royalty, terms.offerer),
      eth(fee, terms.marketplace.feeRecipient),
      eth(royalty, terms.royaltyRecipient),
    ],
    orderType: FULL_OPEN,
    startTime: terms.startTime,
    endTime: terms.endTime,
    zoneHash: zeroHash,
    salt: terms.salt,
    conduitKey: terms.marketplace.conduitKey,
    counter: terms.counter,
  };
}

/** The ETH a buyer pays for the order (our listings have fixed, ETH-only considerations). */
export function orderPrice(order: OrderComponents): bigint {
  return order.consideration.reduce((sum, item) => sum + item.startAmount, 0n);
}

/** OpenSea's v2 listing body: every uint as a decimal string. */
export function toPostListing(signed: SignedOrder, chainId: number, seaport: Address): PostListingRequest {
  return {
    chain_id: chainId,
    protocol_address: seaport,
    parameters: orderToJson(signed.order),
    signature: signed.signature,
  };
}

type OrderParameters = ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillOrder'>[0]['parameters'];

/** What a fill carries instead of the signed components: the consideration count in place of the counter. */
export function orderParameters(order: OrderComponents): OrderParameters {
  const { counter: _counter, ...parameters } = order;
  return { ...parameters, totalOriginalConsiderationItems: BigInt(order.consideration.length) };
}

export function fulfillOrderArgs(signed: SignedOrder): ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillOrder'> {
  return [{ parameters: orderParameters(signed.order), signature: signed.signature }, zeroHash];
}

/**
 * The basic-order form of a listing: consideration[0] must pay the offerer, and the remaining items travel as
 * additional recipients. Seaport rebuilds the same order hash from these fields.
 */
export function basicOrderArgs(
  signed: SignedOrder,
): ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillBasicOrder_efficient_6GL6yc'> {
  const { order } = signed;
  const [offer] = order.offer;
  const [first, ...rest] = order.consideration;
  if (!offer || !first || !isAddressEqual(first.recipient, order.offerer)) throw new Error('not a basic listing');
  const route = offer.itemType === ItemType.Erc721 ? BASIC_ROUTE.erc721 : BASIC_ROUTE.erc1155;
  return [
    {
      considerationToken: zeroAddress,
      considerationIdentifier: 0n,
      considerationAmount: first.startAmount,
      offerer: order.offerer,
      zone: order.zone,
      offerToken: offer.token,
      offerIdentifier: offer.identifierOrCriteria,
      offerAmount: offer.startAmount,
      basicOrderType: order.orderType + 4 * route,
      startTime: order.startTime,
      endTime: order.endTime,
      zoneHash: order.zoneHash,
      salt: order.salt,
      offererConduitKey: order.conduitKey,
      fulfillerConduitKey: zeroHash,
      totalOriginalAdditionalRecipients: BigInt(rest.length),
      additionalRecipients: rest.map((item) => ({ amount: item.startAmount, recipient: item.recipient })),
      signature: signed.signature,
    },
  ];
}

/**
 * One `fulfillAvailableAdvancedOrders` over whole orders. Fulfillments are not aggregated: each order item gets a
 * component of its own, so an order Seaport skips (filled, cancelled, expired) never takes others' items with it.
 */
export function sweepArgs(
  orders: readonly SignedOrder[],
  recipient: Address,
): ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillAvailableAdvancedOrders'> {
  const components = (items: (order: OrderComponents) => readonly unknown[]) =>
    orders.flatMap(({ order }, orderIndex) =>
      items(order).map((_, itemIndex) => [{ orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) }]),
    );
  return [
    orders.map(({ order, signature }) => ({
      parameters: orderParameters(order),
      numerator: 1n,
      denominator: 1n,
      signature,
      extraData: '0x',
    })),
    [],
    components((order) => order.offer),
    components((order) => order.consideration),
    zeroHash,
    recipient,
    BigInt(orders.length),
  ];
}

/**
 * Seaport returns `(bool[] availableOrders, Execution[] executions)`. Decoded here rather than through SEAPORT_ABI,
 * whose declaration wraps `executions` in an extra tuple and so cannot decode a real answer.
 */
const SWEEP_RESULT = parseAbiParameters(
  'bool[] availableOrders, ((uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient) item, address offerer, bytes32 conduitKey)[] executions',
);

/** Which orders of a `fulfillAvailableAdvancedOrders` call Seaport would fill (the others it skips). */
export function sweepAvailability(result: Hex): readonly boolean[] {
  return decodeAbiParameters(SWEEP_RESULT, result)[0];
}
