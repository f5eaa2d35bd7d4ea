import { type Address, type ContractFunctionArgs, type Hex, hashStruct, parseAbi, zeroAddress, zeroHash } from 'viem';

/** LooksRare v2's `QuoteType`: a maker ask sells, a maker bid buys. */
export const QuoteType = { Bid: 0, Ask: 1 } as const;

/** LooksRare v2's `CollectionType`. */
export const CollectionType = { Erc721: 0, Erc1155: 1 } as const;

/** Strategy 0: the standard sale at a fixed price, the only strategy FloorDesk lists and fills. */
export const STANDARD_SALE_STRATEGY = 0n;

/** LooksRare v2's EIP-712 `Maker` (OrderStructs.sol): what a maker signs, ask or bid. */
export const LOOKSRARE_MAKER_TYPES = {
  Maker: [
    { name: 'quoteType', type: 'uint8' },
    { name: 'globalNonce', type: 'uint256' },
    { name: 'subsetNonce', type: 'uint256' },
    { name: 'orderNonce', type: 'uint256' },
    { name: 'strategyId', type: 'uint256' },
    { name: 'collectionType', type: 'uint8' },
    { name: 'collection', type: 'address' },
    { name: 'currency', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'price', type: 'uint256' },
    { name: 'itemIds', type: 'uint256[]' },
    { name: 'amounts', type: 'uint256[]' },
    { name: 'additionalParameters', type: 'bytes' },
  ],
} as const;

export type LooksRareMaker = {
  quoteType: number;
  globalNonce: bigint;
  subsetNonce: bigint;
  orderNonce: bigint;
  strategyId: bigint;
  collectionType: number;
  collection: Address;
  currency: Address;
  signer: Address;
  startTime: bigint;
  endTime: bigint;
  price: bigint;
  itemIds: bigint[];
  amounts: bigint[];
  additionalParameters: Hex;
};

/** A `Maker` as LooksRare's API v2 carries it in JSON: every uint as a decimal string. */
export type LooksRareMakerJson = {
  quoteType: number;
  globalNonce: string;
  subsetNonce: string;
  orderNonce: string;
  strategyId: string;
  collectionType: number;
  collection: string;
  currency: string;
  signer: string;
  startTime: string;
  endTime: string;
  price: string;
  itemIds: string[];
  amounts: string[];
  additionalParameters: string;
};

export function makerFromJson(json: LooksRareMakerJson): LooksRareMaker {
  return {
    quoteType: json.quoteType,
    globalNonce: BigInt(json.globalNonce),
    subsetNonce: BigInt(json.subsetNonce),
    orderNonce: BigInt(json.orderNonce),
    strategyId: BigInt(json.strategyId),
    collectionType: json.collectionType,
    collection: json.collection as Address,
    currency: json.currency as Address,
    signer: json.signer as Address,
    startTime: BigInt(json.startTime),
    endTime: BigInt(json.endTime),
    price: BigInt(json.price),
    itemIds: json.itemIds.map(BigInt),
    amounts: json.amounts.map(BigInt),
    additionalParameters: json.additionalParameters as Hex,
  };
}

export function makerToJson(maker: LooksRareMaker): LooksRareMakerJson {
  return {
    ...maker,
    globalNonce: maker.globalNonce.toString(),
    subsetNonce: maker.subsetNonce.toString(),
    orderNonce: maker.orderNonce.toString(),
    strategyId: maker.strategyId.toString(),
    startTime: maker.startTime.toString(),
    endTime: maker.endTime.toString(),
    price: maker.price.toString(),
    itemIds: maker.itemIds.map(String),
    amounts: maker.amounts.map(String),
  };
}

export function looksRareDomain(chainId: number, protocol: Address) {
  return { name: 'LooksRareProtocol', version: '2', chainId, verifyingContract: protocol } as const;
}

/** The EIP-712 payload a maker signs for `maker` on the LooksRare exchange at `protocol`. */
export function looksRareTypedData(maker: LooksRareMaker, chainId: number, protocol: Address) {
  return {
    domain: looksRareDomain(chainId, protocol),
    types: LOOKSRARE_MAKER_TYPES,
    primaryType: 'Maker',
    message: maker,
  } as const;
}

/** The order hash LooksRare derives (`maker.hash()`: the EIP-712 struct hash, without the domain). */
export function makerHash(maker: LooksRareMaker): Hex {
  return hashStruct({ primaryType: 'Maker', types: LOOKSRARE_MAKER_TYPES, data: maker });
}

/** `MerkleTreeNodePosition`: the side of the branch a proof node sits on. */
export const MerkleTreeNodePosition = { Left: 0, Right: 1 } as const;
export type MerkleTreeNode = {
  value: Hex;
  position: (typeof MerkleTreeNodePosition)[keyof typeof MerkleTreeNodePosition];
};
/** The `MerkleTree` argument of a fill: the root a maker signed over a batch, and this maker's proof. */
export type MerkleTree = { root: Hex; proof: MerkleTreeNode[] };

/** The merkle tree of a maker signed alone: no root, no proof. */
export const NO_MERKLE_TREE: MerkleTree = { root: zeroHash, proof: [] };

/** LooksRare v2's exchange functions and state FloorDesk calls, typed. */
export const LOOKSRARE_ABI = parseAbi([
  'struct Maker { uint8 quoteType; uint256 globalNonce; uint256 subsetNonce; uint256 orderNonce; uint256 strategyId; uint8 collectionType; address collection; address currency; address signer; uint256 startTime; uint256 endTime; uint256 price; uint256[] itemIds; uint256[] amounts; bytes additionalParameters; }',
  'struct Taker { address recipient; bytes additionalParameters; }',
  'struct MerkleTreeNode { bytes32 value; uint8 position; }',
  'struct MerkleTree { bytes32 root; MerkleTreeNode[] proof; }',
  'function executeTakerBid(Taker takerBid, Maker makerAsk, bytes makerSignature, MerkleTree merkleTree, address affiliate) payable',
  'function executeMultipleTakerBids(Taker[] takerBids, Maker[] makerAsks, bytes[] makerSignatures, MerkleTree[] merkleTrees, address affiliate, bool isAtomic) payable',
  'function cancelOrderNonces(uint256[] orderNonces)',
  'function cancelSubsetNonces(uint256[] subsetNonces)',
  'function incrementBidAskNonces(bool bid, bool ask)',
  'function userBidAskNonces(address user) view returns (uint256 bidNonce, uint256 askNonce)',
  'function userOrderNonce(address user, uint256 orderNonce) view returns (bytes32 status)',
  'function userSubsetNonce(address user, uint256 subsetNonce) view returns (bool cancelled)',
  'function isCurrencyAllowed(address currency) view returns (bool allowed)',
  'function strategyInfo(uint256 strategyId) view returns (bool isActive, uint16 standardProtocolFeeBp, uint16 minTotalFeeBp, uint16 maxProtocolFeeBp, bytes4 selector, bool isMakerBid, address implementation)',
]);

/**
 * The exchange's events. Neither trade event indexes a field, so everything is in the data: the nonce invalidation
 * (order hash, order nonce, whether the nonce is spent) inline, the parties, strategy, currency and collection, the
 * item ids and amounts (dynamic), then the two fee recipients and the three fee amounts inline.
 */
export const LOOKSRARE_EVENTS = parseAbi([
  'event NewBidAskNonces(address user, uint256 bidNonce, uint256 askNonce)',
  'event OrderNoncesCancelled(address user, uint256[] orderNonces)',
  'event SubsetNoncesCancelled(address user, uint256[] subsetNonces)',
  'event TakerAsk((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address askUser, address bidUser, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
  'event TakerBid((bytes32 orderHash, uint256 orderNonce, bool isNonceInvalidated) nonceInvalidationParameters, address bidUser, address bidRecipient, uint256 strategyId, address currency, address collection, uint256[] itemIds, uint256[] amounts, address[2] feeRecipients, uint256[3] feeAmounts)',
]);

/** A maker ask and its signature, with its merkle tree when it was signed in a batch: what a buyer fills. */
export type SignedAsk = { maker: LooksRareMaker; signature: Hex; merkleTree?: MerkleTree };

/** A buyer's side of a fill: the NFTs go to whoever sends the transaction. */
const TAKER_BID = { recipient: zeroAddress, additionalParameters: '0x' } as const;

/** `executeTakerBid` of one ask, without an affiliate. */
export function takerBidArgs(ask: SignedAsk): ContractFunctionArgs<typeof LOOKSRARE_ABI, 'payable', 'executeTakerBid'> {
  return [TAKER_BID, ask.maker, ask.signature, ask.merkleTree ?? NO_MERKLE_TREE, zeroAddress];
}

/**
 * `executeMultipleTakerBids` of several asks in one transaction. Atomic, it reverts when one cannot be filled; not
 * atomic, it skips that one, buys the others and hands back the ETH it did not spend.
 */
export function multipleTakerBidArgs(
  asks: readonly SignedAsk[],
  atomic: boolean,
): ContractFunctionArgs<typeof LOOKSRARE_ABI, 'payable', 'executeMultipleTakerBids'> {
  return [
    asks.map(() => TAKER_BID),
    asks.map((ask) => ask.maker),
    asks.map((ask) => ask.signature),
    asks.map((ask) => ask.merkleTree ?? NO_MERKLE_TREE),
    zeroAddress,
    atomic,
  ];
}

/** LooksRare's TransferManager: the one operator sellers approve on a collection, shared by the operators they grant. */
export const LOOKSRARE_TRANSFER_MANAGER_ABI = parseAbi([
  'function grantApprovals(address[] operators)',
  'function revokeApprovals(address[] operators)',
  'function hasUserApprovedOperator(address user, address operator) view returns (bool approved)',
]);

/** The TransferManager's events: a seller taking back an exchange's use of it. */
export const LOOKSRARE_TRANSFER_MANAGER_EVENTS = parseAbi([
  'event ApprovalsRemoved(address user, address[] operators)',
]);
