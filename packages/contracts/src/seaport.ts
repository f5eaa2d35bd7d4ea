import { type Address, type Hex, hashStruct, parseAbi } from 'viem';

/** Seaport's item types (offer and consideration items). */
export const ItemType = { Native: 0, Erc20: 1, Erc721: 2, Erc1155: 3, Erc721Criteria: 4, Erc1155Criteria: 5 } as const;

/** Seaport 1.6's EIP-712 types for `OrderComponents` (what an offerer signs). */
export const SEAPORT_ORDER_TYPES = {
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
  ],
  ConsiderationItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
    { name: 'recipient', type: 'address' },
  ],
} as const;

export type OfferItem = {
  itemType: number;
  token: Address;
  identifierOrCriteria: bigint;
  startAmount: bigint;
  endAmount: bigint;
};
export type ConsiderationItem = OfferItem & { recipient: Address };

export type OrderComponents = {
  offerer: Address;
  zone: Address;
  offer: OfferItem[];
  consideration: ConsiderationItem[];
  orderType: number;
  startTime: bigint;
  endTime: bigint;
  zoneHash: Hex;
  salt: bigint;
  conduitKey: Hex;
  counter: bigint;
};

type JsonItem = {
  itemType: number;
  token: string;
  identifierOrCriteria: string;
  startAmount: string;
  endAmount: string;
};

/** `OrderComponents` as marketplace APIs carry them in JSON: every uint as a decimal string. */
export type OrderComponentsJson = {
  offerer: string;
  zone: string;
  offer: JsonItem[];
  consideration: Array<JsonItem & { recipient: string }>;
  orderType: number;
  startTime: string;
  endTime: string;
  zoneHash: string;
  salt: string;
  conduitKey: string;
  counter: string;
};

function itemFromJson(item: JsonItem): OfferItem {
  return {
    itemType: item.itemType,
    token: item.token as Address,
    identifierOrCriteria: BigInt(item.identifierOrCriteria),
    startAmount: BigInt(item.startAmount),
    endAmount: BigInt(item.endAmount),
  };
}

function itemToJson(item: OfferItem): JsonItem {
  return {
    itemType: item.itemType,
    token: item.token,
    identifierOrCriteria: item.identifierOrCriteria.toString(),
    startAmount: item.startAmount.toString(),
    endAmount: item.endAmount.toString(),
  };
}

export function orderFromJson(json: OrderComponentsJson): OrderComponents {
  return {
    offerer: json.offerer as Address,
    zone: json.zone as Address,
    offer: json.offer.map(itemFromJson),
    consideration: json.consideration.map((item) => ({
      ...itemFromJson(item),
      recipient: item.recipient as Address,
    })),
    orderType: json.orderType,
    startTime: BigInt(json.startTime),
    endTime: BigInt(json.endTime),
    zoneHash: json.zoneHash as Hex,
    salt: BigInt(json.salt),
    conduitKey: json.conduitKey as Hex,
    counter: BigInt(json.counter),
  };
}

export function orderToJson(order: OrderComponents): OrderComponentsJson {
  return {
    ...order,
    offer: order.offer.map(itemToJson),
    consideration: order.consideration.map((item) => ({ ...itemToJson(item), recipient: item.recipient })),
    startTime: order.startTime.toString(),
    endTime: order.endTime.toString(),
    salt: order.salt.toString(),
    counter: order.counter.toString(),
  };
}

export function seaportDomain(chainId: number, seaport: Address) {
  return { name: 'Seaport', version: '1.6', chainId, verifyingContract: seaport } as const;
}

/** The EIP-712 payload an offerer signs for `order` on the Seaport at `seaport`. */
export function seaportTypedData(order: OrderComponents, chainId: number, seaport: Address) {
  return {
    domain: seaportDomain(chainId, seaport),
    types: SEAPORT_ORDER_TYPES,
    primaryType: 'OrderComponents',
    message: order,
  } as const;
}

/** The order hash Seaport derives (its EIP-712 struct hash, without the domain). */
export function seaportOrderHash(order: OrderComponents): Hex {
  return hashStruct({ primaryType: 'OrderComponents', types: SEAPORT_ORDER_TYPES, data: order });
}

/** The Seaport 1.6 functions FloorDesk calls, typed (the compiled artifact's ABI is the untyped whole). */
export const SEAPORT_ABI = parseAbi([
  'struct OfferItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; }',
  'struct ConsiderationItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; address recipient; }',
  'struct OrderComponents { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 counter; }',
  'struct OrderParameters { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 totalOriginalConsiderationItems; }',
  'struct Order { OrderParameters parameters; bytes signature; }',
  'struct AdvancedOrder { OrderParameters parameters; uint120 numerator; uint120 denominator; bytes signature; bytes extraData; }',
  'struct CriteriaResolver { uint256 orderIndex; uint8 side; uint256 index; uint256 identifier; bytes32[] criteriaProof; }',
  'struct FulfillmentComponent { uint256 orderIndex; uint256 itemIndex; }',
  'struct AdditionalRecipient { uint256 amount; address recipient; }',
  'struct BasicOrderParameters { address considerationToken; uint256 considerationIdentifier; uint256 considerationAmount; address offerer; address zone; address offerToken; uint256 offerIdentifier; uint256 offerAmount; uint8 basicOrderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 offererConduitKey; bytes32 fulfillerConduitKey; uint256 totalOriginalAdditionalRecipients; AdditionalRecipient[] additionalRecipients; bytes signature; }',
  'function fulfillBasicOrder(BasicOrderParameters parameters) payable returns (bool fulfilled)',
  'function fulfillBasicOrder_efficient_6GL6yc(BasicOrderParameters parameters) payable returns (bool fulfilled)',
  'function fulfillOrder(Order order, bytes32 fulfillerConduitKey) payable returns (bool fulfilled)',
  'function fulfillAdvancedOrder(AdvancedOrder advancedOrder, CriteriaResolver[] criteriaResolvers, bytes32 fulfillerConduitKey, address recipient) payable returns (bool fulfilled)',
  'function fulfillAvailableOrders(Order[] orders, FulfillmentComponent[][] offerFulfillments, FulfillmentComponent[][] considerationFulfillments, bytes32 fulfillerConduitKey, uint256 maximumFulfilled) payable returns (bool[] availableOrders, ((uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient) item, address offerer, bytes32 conduitKey)[] executions)',
  'function fulfillAvailableAdvancedOrders(AdvancedOrder[] advancedOrders, CriteriaResolver[] criteriaResolvers, FulfillmentComponent[][] offerFulfillments, FulfillmentComponent[][] considerationFulfillments, bytes32 fulfillerConduitKey, address recipient, uint256 maximumFulfilled) payable returns (bool[] availableOrders, ((uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient) item, address offerer, bytes32 conduitKey)[] executions)',
  'function cancel(OrderComponents[] orders) returns (bool cancelled)',
  'function incrementCounter() returns (uint256 newCounter)',
  'function getCounter(address offerer) view returns (uint256 counter)',
  'function getOrderHash(OrderComponents order) view returns (bytes32 orderHash)',
  'function getOrderStatus(bytes32 orderHash) view returns (bool isValidated, bool isCancelled, uint256 totalFilled, uint256 totalSize)',
]);

export const CONDUIT_CONTROLLER_ABI = parseAbi([
  'function createConduit(bytes32 conduitKey, address initialOwner) returns (address conduit)',
  'function updateChannel(address conduit, address channel, bool isOpen)',
  'function getConduit(bytes32 conduitKey) view returns (address conduit, bool exists)',
]);
