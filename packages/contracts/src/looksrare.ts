import { type Address, type Hex, hashStruct, parseAbi, zeroHash } from 'viem';

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

/** The order hash LooksRare derives (`maker.hash()`: the EIP-712 struct hash, without the domain). */
export function makerHash(maker: LooksRareMaker): Hex {
  return hashStruct({ primaryType: 'Maker', types: LOOKSRARE_MAKER_TYPES, data: maker });
}

/** The merkle tree of a maker signed alone: no root, no proof. */
export const NO_MERKLE_TREE = { root: zeroHash, proof: [] } as const;

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
]);

/** LooksRare's TransferManager: the one operator sellers approve on a collection, shared by the operators they grant. */
export const LOOKSRARE_TRANSFER_MANAGER_ABI = parseAbi([
  'function grantApprovals(address[] operators)',
  'function revokeApprovals(address[] operators)',
  'function hasUserApprovedOperator(address user, address operator) view returns (bool approved)',
]);
