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
import { type ConsiderationItem, ItemType, type OrderComponents, type SEAPORT_ABI } from './seaport';

/** A listing as a buyer fills it: the offerer's signed components and the signature. */
export type SignedOrder = { order: OrderComponents; signature: Hex };

/** Seaport's BasicOrderType is `orderType + 4 * route`; route 0 is ETH for ERC-721, route 1 ETH for ERC-1155. */
const BASIC_ROUTE = { erc721: 0, erc1155: 1 } as const;

type OrderParameters = ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillOrder'>[0]['parameters'];
type SweepArgs = ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillAvailableAdvancedOrders'>;
type FulfillmentComponent = SweepArgs[2][number][number];

/** A fixed payment of `amount` wei in ETH to `recipient`: every consideration item of the listings FloorDesk keeps. */
export function ethPayment(amount: bigint, recipient: Address): ConsiderationItem {
  return {
    itemType: ItemType.Native,
    token: zeroAddress,
    identifierOrCriteria: 0n,
    startAmount: amount,
    endAmount: amount,
    recipient,
  };
}

/** What a fill carries instead of the signed components: the consideration count in place of the counter. */
export function orderParameters(order: OrderComponents): OrderParameters {
  const { counter: _counter, ...parameters } = order;
  return { ...parameters, totalOriginalConsiderationItems: BigInt(order.consideration.length) };
}

/** The ETH a buyer pays for an order whose considerations are fixed ETH amounts (every listing FloorDesk keeps). */
export function orderPrice(order: OrderComponents): bigint {
  return order.consideration.reduce((sum, item) => sum + item.startAmount, 0n);
}

export function fulfillOrderArgs(
  signed: SignedOrder,
): ContractFunctionArgs<typeof SEAPORT_ABI, 'payable', 'fulfillOrder'> {
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
 * One `fulfillAvailableAdvancedOrders` over whole orders that fills the first `maximumFulfilled` available ones, in
 * array order; orders behind them are spares Seaport reaches only when one in front is skipped (filled, cancelled,
 * expired). Every offered NFT is a fulfillment of its own; consideration items paying the same recipient in the same
 * asset are aggregated into one transfer (marketplace fees and royalties of a whole sweep go out once), which Seaport
 * allows because components of skipped orders are left out of the aggregate.
 */
export function sweepArgs(
  orders: readonly SignedOrder[],
  recipient: Address,
  maximumFulfilled: number = orders.length,
): SweepArgs {
  const offers: FulfillmentComponent[][] = [];
  const considerations = new Map<string, FulfillmentComponent[]>();
  orders.forEach(({ order }, orderIndex) => {
    order.offer.forEach((_, itemIndex) => {
      offers.push([{ orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) }]);
    });
    order.consideration.forEach((item, itemIndex) => {
      const key = [item.itemType, item.token, item.identifierOrCriteria, item.recipient].join(':').toLowerCase();
      const group = considerations.get(key) ?? [];
      group.push({ orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) });
      considerations.set(key, group);
    });
  });
  return [
    orders.map(({ order, signature }) => ({
      parameters: orderParameters(order),
      numerator: 1n,
      denominator: 1n,
      signature,
      extraData: '0x',
    })),
    [],
    offers,
    [...considerations.values()],
    zeroHash,
    recipient,
    BigInt(maximumFulfilled),
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
