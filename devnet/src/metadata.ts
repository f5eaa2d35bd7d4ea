import type { CollectionSpec } from './catalog';
import { seededRandom } from './random';

/** One entry of OpenSea's `attributes`. */
export type TokenAttribute = { trait_type: string; value: string };

/** What a tokenURI answers, in OpenSea's metadata format. */
export type TokenMetadata = { name: string; description: string; image: string; attributes: TokenAttribute[] };

/** What every token of a hidden collection answers until the reveal. */
export type HiddenMetadata = { name: string; description: string; image: string };

/** OpenSea's contract-level metadata (contractURI). */
export type CollectionMetadata = {
  name: string;
  description: string;
  image: string;
  external_link: string;
  seller_fee_basis_points: number;
};

/** The ERC-721 baseURI, and the URI of every ERC-1155 id without the id: the token's decimal id follows it. */
export function metadataBaseUri(origin: string, slug: string): string {
  return `${trimOrigin(origin)}/devnet/metadata/${slug}/`;
}

/** The one tokenURI every token of a hidden collection answers until the reveal. */
export function hiddenMetadataUri(origin: string, slug: string): string {
  return `${metadataBaseUri(origin, slug)}hidden`;
}

export function collectionMetadataUri(origin: string, slug: string): string {
  return `${metadataBaseUri(origin, slug)}collection`;
}

export function tokenImageUrl(origin: string, slug: string, tokenId: number): string {
  return imageUrl(origin, slug, `${tokenId}.svg`);
}

export function hiddenImageUrl(origin: string, slug: string): string {
  return imageUrl(origin, slug, 'hidden.svg');
}

export function coverImageUrl(origin: string, slug: string): string {
  return imageUrl(origin, slug, 'cover.svg');
}

/** ERC-721 tokens are 1..supply; ERC-1155 ids are 1..number of items. */
export function isValidTokenId(spec: CollectionSpec, tokenId: number): boolean {
  return Number.isSafeInteger(tokenId) && tokenId >= 1 && tokenId <= spec.supply;
}

/** A token id as written in a URL: decimal, no sign, no leading zeros, in range. Anything else is not a token. */
export function parseTokenId(spec: CollectionSpec, text: string): number | undefined {
  if (!/^[1-9]\d*$/.test(text)) return undefined;
  const tokenId = Number(text);
  return isValidTokenId(spec, tokenId) ? tokenId : undefined;
}

/** The token's traits, one weighted pick per trait type; the same (collection, token) always gets the same traits. */
export function tokenTraits(spec: CollectionSpec, tokenId: number): TokenAttribute[] {
  const random = seededRandom(`${spec.slug}#${tokenId}`);
  return spec.traits.map((trait) => ({ trait_type: trait.type, value: random.weighted(trait.values).value }));
}

/** An ERC-1155 id is an item with its own name; an ERC-721 token is "<collection> #<id>". */
export function tokenName(spec: CollectionSpec, tokenId: number): string {
  return spec.items?.[tokenId - 1] ?? `${spec.name} #${tokenId}`;
}

export function tokenMetadata(spec: CollectionSpec, tokenId: number, origin: string): TokenMetadata {
  return {
    name: tokenName(spec, tokenId),
    description: spec.description,
    image: tokenImageUrl(origin, spec.slug, tokenId),
    attributes: tokenTraits(spec, tokenId),
  };
}

export function hiddenMetadata(spec: CollectionSpec, origin: string): HiddenMetadata {
  return {
    name: `${spec.name} (unrevealed)`,
    description: `${spec.description} Traits appear at the reveal.`,
    image: hiddenImageUrl(origin, spec.slug),
  };
}

export function collectionMetadata(spec: CollectionSpec, origin: string): CollectionMetadata {
  return {
    name: spec.name,
    description: spec.description,
    image: coverImageUrl(origin, spec.slug),
    external_link: spec.links.website,
    seller_fee_basis_points: spec.royaltyBps,
  };
}

function imageUrl(origin: string, slug: string, file: string): string {
  return `${trimOrigin(origin)}/devnet/images/${slug}/${file}`;
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}
