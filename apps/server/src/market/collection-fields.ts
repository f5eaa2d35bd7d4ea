import type { CollectionType } from '@floordesk/protocol';

/** A collection's `type`: '1155' for multi-token collections, '721' otherwise (and while the standard is unknown). */
export function collectionType(standard: string | null): CollectionType {
  return standard === 'erc1155' ? '1155' : '721';
}

/** A collection's `count`, from the stored supply (numeric, as text): null while unknown or beyond a safe integer. */
export function itemCount(supply: string | null): number | null {
  const count = supply === null ? null : Number(supply);
  return count !== null && Number.isSafeInteger(count) ? count : null;
}
