import { parseAbi, toEventSelector } from 'viem';

/**
 * The events the indexer reads: Seaport 1.6, ERC-721, ERC-1155, ERC-4906 metadata updates and FloorDesk's
 * subscription payments.
 */
export const INDEXED_EVENTS = parseAbi([
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
  'event CounterIncremented(uint256 newCounter, address indexed offerer)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event MetadataUpdate(uint256 _tokenId)',
  'event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId)',
  'event Subscribed(address indexed payer, bytes32 indexed quoteId, uint8 plan, uint256 price)',
]);

export const TOPIC = {
  orderFulfilled: toEventSelector(INDEXED_EVENTS[0]),
  orderCancelled: toEventSelector(INDEXED_EVENTS[1]),
  counterIncremented: toEventSelector(INDEXED_EVENTS[2]),
  transfer: toEventSelector(INDEXED_EVENTS[3]),
  transferSingle: toEventSelector(INDEXED_EVENTS[4]),
  transferBatch: toEventSelector(INDEXED_EVENTS[5]),
  approvalForAll: toEventSelector(INDEXED_EVENTS[6]),
  metadataUpdate: toEventSelector(INDEXED_EVENTS[7]),
  batchMetadataUpdate: toEventSelector(INDEXED_EVENTS[8]),
  subscribed: toEventSelector(INDEXED_EVENTS[9]),
} as const;

/** Seaport's own events; only those emitted by the chain's Seaport address count. */
export const SEAPORT_TOPICS: ReadonlySet<string> = new Set([
  TOPIC.orderFulfilled,
  TOPIC.orderCancelled,
  TOPIC.counterIncremented,
]);

/** Token events, from any contract. */
export const TOKEN_TOPICS: ReadonlySet<string> = new Set([
  TOPIC.transfer,
  TOPIC.transferSingle,
  TOPIC.transferBatch,
  TOPIC.approvalForAll,
  TOPIC.metadataUpdate,
  TOPIC.batchMetadataUpdate,
]);

/** Payments, from the chain's subscription contract only. */
export const SUBSCRIPTION_TOPICS: ReadonlySet<string> = new Set([TOPIC.subscribed]);
