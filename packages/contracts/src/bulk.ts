import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  keccak256,
  numberToHex,
  toHex,
  size,
  slice,
  zeroAddress,
  zeroHash,
} from 'viem';
import {
  LOOKSRARE_MAKER_TYPES,
  type LooksRareMaker,
  looksRareDomain,
  makerHash,
  type MerkleTree,
  MerkleTreeNodePosition,
} from './looksrare';
import { type OrderComponents, SEAPORT_ORDER_TYPES, seaportDomain, seaportOrderHash } from './seaport';

/**
 * Bulk signatures: one wallet signature over many orders. Both exchanges take the same EIP-712 shape: the orders
 * padded to 2^height and nested in pairs (`Order[2][2]…[2] tree`), so the struct hash of the tree is a merkle root
 * whose leaves are the orders' own hashes, paired left to right by index. A fill proves its order is leaf `index` of
 * that root; Seaport packs the proof after the signature (64 or 65 bytes, a 3-byte index, `height` words), LooksRare
 * takes it as a `MerkleTree` argument of nodes that say on which side they sit.
 */

/** Seaport reads proofs of 1 to 24 levels; LooksRare's BatchOrderTypehashRegistry names heights 1 to 10. */
export const SEAPORT_BULK_MAX_HEIGHT = 24;
export const LOOKSRARE_BATCH_MAX_HEIGHT = 10;

/** The smallest height whose 2^height leaves hold `count` orders; 1 at least, as both exchanges read no height 0. */
export function bulkHeight(count: number): number {
  let height = 1;
  while (2 ** height < count) height += 1;
  return height;
}

/** `items` padded with `pad` to 2^height and nested in pairs, the shape EIP-712's `T[2]…[2]` type reads. */
function nestInPairs<T>(items: readonly T[], height: number, pad: T): unknown[] {
  let level: unknown[] = [...items, ...Array.from({ length: 2 ** height - items.length }, () => pad)];
  for (let depth = 0; depth < height; depth += 1) {
    const paired: unknown[] = [];
    for (let index = 0; index < level.length; index += 2) paired.push([level[index], level[index + 1]]);
    level = paired;
  }
  return level[0] as unknown[];
}

const hashPair = (left: Hex, right: Hex) => keccak256(concat([left, right]));

/**
 * The merkle levels over `leaves` padded with `pad` to 2^height: `levels[0]` the leaves, the last the root alone.
 * Each parent is keccak256(left ‖ right), as EIP-712 hashes a `[2]` array of struct hashes.
 */
function merkleLevels(leaves: readonly Hex[], height: number, pad: Hex): Hex[][] {
  const levels: Hex[][] = [[...leaves, ...Array.from({ length: 2 ** height - leaves.length }, () => pad)]];
  for (let depth = 0; depth < height; depth += 1) {
    const below = levels[depth] as Hex[];
    const above: Hex[] = [];
    for (let index = 0; index < below.length; index += 2) above.push(hashPair(below[index]!, below[index + 1]!));
    levels.push(above);
  }
  return levels;
}

/** Leaf `index`'s proof, lowest level first: its sibling at each level, and whether the sibling sits on the left. */
function proofOf(levels: readonly Hex[][], index: number): { value: Hex; left: boolean }[] {
  return levels.slice(0, -1).map((level, depth) => {
    const position = index >> depth;
    return { value: level[position ^ 1]!, left: (position & 1) === 1 };
  });
}

/** The root a leaf and its proof lead to, lowest level first, each sibling on the side it names. */
function rootFrom(leaf: Hex, proof: readonly { value: Hex; left: boolean }[]): Hex {
  return proof.reduce(
    (node, sibling) => (sibling.left ? hashPair(sibling.value, node) : hashPair(node, sibling.value)),
    leaf,
  );
}

type TypeFields = Record<string, readonly { name: string; type: string }[]>;

/** EIP-712's encodeType: the primary type, then every struct it refers to, in name order. */
function encodeType(primaryType: string, types: TypeFields): string {
  const found = new Set<string>();
  const visit = (name: string) => {
    const base = name.replace(/\[.*$/, '');
    if (found.has(base) || !types[base]) return;
    found.add(base);
    for (const field of types[base]) visit(field.type);
  };
  visit(primaryType);
  found.delete(primaryType);
  return [primaryType, ...[...found].toSorted()]
    .map((name) => `${name}(${(types[name] ?? []).map((field) => `${field.type} ${field.name}`).join(',')})`)
    .join('');
}

/** The types of a `name(item[2]…[2] tree)` of `height` levels over the struct `item` of `types`. */
function treeTypes<T extends TypeFields>(name: string, item: string, types: T, height: number) {
  return { ...types, [name]: [{ name: 'tree', type: `${item}${'[2]'.repeat(height)}` }] } as T & TypeFields;
}

/** The EIP-712 typehash of a `name(item[2]…[2] tree)` of `height` levels. */
function treeTypeHash(name: string, item: string, types: TypeFields, height: number): Hex {
  return keccak256(toHex(encodeType(name, treeTypes(name, item, types, height))));
}

/** Seaport's `BulkOrder` typehash of `height` levels (its `_lookupBulkOrderTypehash`). */
export const seaportBulkTypeHash = (height: number) =>
  treeTypeHash('BulkOrder', 'OrderComponents', SEAPORT_ORDER_TYPES, height);

/** LooksRare's `BatchOrder` typehash of `height` levels (its `_getBatchOrderTypehash`). */
export const looksRareBatchTypeHash = (height: number) =>
  treeTypeHash('BatchOrder', 'Maker', LOOKSRARE_MAKER_TYPES, height);

/** The struct hash of a tree over `root`: keccak256(typehash ‖ root), as EIP-712 hashes `{ tree }`. */
function treeHash(typeHash: Hex, root: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [typeHash, root]));
}

/** A struct of `types` with every field at its zero value: the padding leaf the exchanges' own SDKs sign. */
function emptyStruct(name: string, types: Record<string, readonly { name: string; type: string }[]>): unknown {
  return Object.fromEntries((types[name] ?? []).map(({ name: field, type }) => [field, zeroValue(type)]));
}

function zeroValue(type: string): unknown {
  if (type.endsWith('[]')) return [];
  if (type === 'address') return zeroAddress;
  if (type === 'bytes32') return zeroHash;
  if (type === 'bytes') return '0x';
  if (type === 'bool') return false;
  return 0n;
}

// ---- Seaport 1.6: `BulkOrder(OrderComponents[2]…[2] tree)` ----

/** The padding order: every field zero, as Seaport's own SDK pads a bulk order's tree. */
const EMPTY_SEAPORT_ORDER = emptyStruct('OrderComponents', SEAPORT_ORDER_TYPES) as OrderComponents;

/** The EIP-712 payload an offerer signs once for all of `orders` on the Seaport at `seaport`. */
export function seaportBulkTypedData(orders: readonly OrderComponents[], chainId: number, seaport: Address) {
  const height = bulkHeight(orders.length);
  if (height > SEAPORT_BULK_MAX_HEIGHT) throw new RangeError(`a Seaport bulk order holds at most 2^24 orders`);
  return {
    domain: seaportDomain(chainId, seaport),
    types: treeTypes('BulkOrder', 'OrderComponents', SEAPORT_ORDER_TYPES, height),
    primaryType: 'BulkOrder',
    message: { tree: nestInPairs(orders, height, EMPTY_SEAPORT_ORDER) },
  } as const;
}

/** Each order's own signature from the offerer's one signature over `seaportBulkTypedData(orders)`. */
export function seaportBulkSignatures(orders: readonly OrderComponents[], signature: Hex): Hex[] {
  const height = bulkHeight(orders.length);
  const levels = merkleLevels(orders.map(seaportOrderHash), height, seaportOrderHash(EMPTY_SEAPORT_ORDER));
  return orders.map((_, index) =>
    concat([signature, numberToHex(index, { size: 3 }), ...proofOf(levels, index).map((node) => node.value)]),
  );
}

/**
 * What Seaport 1.6 reads from a bulk order's signature (Verifiers.sol, `_isValidBulkOrderSize` and
 * `_computeBulkOrderProof`): when its length is 64 or 65 bytes, a 3-byte index and 1 to 24 proof words, the struct
 * hash of the tree the proof leads to from `orderHash` (the digest's message) and the key's signature alone;
 * undefined for any other length, which Seaport reads as an order signed alone. An index beyond the tree wraps
 * around, as in Seaport: only the bits of its height are read.
 */
export function seaportBulkOrderHash(orderHash: Hex, signature: Hex): { treeHash: Hex; signature: Hex } | undefined {
  const length = size(signature);
  if (length < 99 || length > 836 || ((length + 29) & 31) >= 2) return undefined;
  const signatureLength = 65 - (length & 1);
  const height = (length - signatureLength) >> 5;
  const key = Number(hexToBigInt(slice(signature, signatureLength, signatureLength + 3)));
  const proof = Array.from({ length: height }, (_, depth) => {
    const start = signatureLength + 3 + 32 * depth;
    return { value: slice(signature, start, start + 32), left: ((key >> depth) & 1) === 1 };
  });
  return {
    treeHash: treeHash(seaportBulkTypeHash(height), rootFrom(orderHash, proof)),
    signature: slice(signature, 0, signatureLength),
  };
}

// ---- LooksRare v2: `BatchOrder(Maker[2]…[2] tree)` ----

/** The padding maker: every field zero. */
const EMPTY_MAKER = emptyStruct('Maker', LOOKSRARE_MAKER_TYPES) as LooksRareMaker;

/** The EIP-712 payload a maker signs once for all of `makers` on the LooksRare exchange at `protocol`. */
export function looksRareBatchTypedData(makers: readonly LooksRareMaker[], chainId: number, protocol: Address) {
  const height = bulkHeight(makers.length);
  if (height > LOOKSRARE_BATCH_MAX_HEIGHT) throw new RangeError('a LooksRare batch holds at most 2^10 makers');
  return {
    domain: looksRareDomain(chainId, protocol),
    types: treeTypes('BatchOrder', 'Maker', LOOKSRARE_MAKER_TYPES, height),
    primaryType: 'BatchOrder',
    message: { tree: nestInPairs(makers, height, EMPTY_MAKER) },
  } as const;
}

/** Each maker's merkle tree argument for a batch signed as `looksRareBatchTypedData(makers)`. */
export function looksRareMerkleTrees(makers: readonly LooksRareMaker[]): MerkleTree[] {
  const levels = merkleLevels(makers.map(makerHash), bulkHeight(makers.length), makerHash(EMPTY_MAKER));
  const root = levels.at(-1)![0]!;
  return makers.map((_, index) => ({
    root,
    proof: proofOf(levels, index).map((node) => ({
      value: node.value,
      position: node.left ? MerkleTreeNodePosition.Left : MerkleTreeNodePosition.Right,
    })),
  }));
}

/**
 * What LooksRare v2 verifies a maker's signature against (`_verifyMerkleProofOrOrderHash`): the order hash itself
 * for an empty proof; else, when the proof leads from `orderHash` to the tree's root, the batch's struct hash
 * (`hashBatchOrder`); 'too-large' above 10 levels (MerkleProofTooLarge), 'invalid' for a proof of another root
 * (MerkleProofInvalid).
 */
export function looksRareSignedHash(orderHash: Hex, tree: MerkleTree): Hex | 'too-large' | 'invalid' {
  if (tree.proof.length === 0) return orderHash;
  if (tree.proof.length > LOOKSRARE_BATCH_MAX_HEIGHT) return 'too-large';
  const proof = tree.proof.map((node) => ({ value: node.value, left: node.position === MerkleTreeNodePosition.Left }));
  if (rootFrom(orderHash, proof).toLowerCase() !== tree.root.toLowerCase()) return 'invalid';
  return treeHash(looksRareBatchTypeHash(tree.proof.length), tree.root);
}
