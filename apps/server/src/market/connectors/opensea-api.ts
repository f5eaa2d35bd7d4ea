import { orderFromJson, seaportOrderHash } from '@floordesk/contracts';
import { ListingSignature, normalizeAddress } from '@floordesk/protocol';
import type { Hex } from 'viem';
import { z } from 'zod';
import { type ChainContracts, seaportAddress } from '../../chain/chain-contracts';
import { orderBookRequest, type OrderBookRequest } from '../listings/protocols/order-protocol';
import { type FulfillmentConnector, type ListingConnector, requestJson } from './marketplace-api';

/**
 * OpenSea's API v2 (docs.opensea.io), with its key in `X-API-KEY`:
 * - `GET /api/v2/chain/{chain}/contract/{address}`: the contract's collection, whose slug names it below;
 * - `GET /api/v2/listings/collection/{slug}/best?limit=N`: the collection's cheapest valid listings, each a Seaport
 *   order's components (`protocol_data.parameters`) served without its signature;
 * - `POST /api/v2/listings/fulfillment_data`: for one listing and the buyer about to fill it, the orders to fill with
 *   their signatures.
 */

/** OpenSea's names of the chains FloorDesk can follow there. */
const OPENSEA_CHAINS: Readonly<Record<number, string>> = { 1: 'ethereum', 11155111: 'sepolia' };

const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
/** A uint256 as OpenSea writes one (a decimal or 0x string, or a JSON number), read as a decimal string. */
const Uint = z
  .union([z.string().regex(/^(\d+|0x[0-9a-fA-F]+)$/), z.number().int().nonnegative()])
  .transform((value) => BigInt(value).toString());
const Item = z.object({
  itemType: z.number().int(),
  token: Hex,
  identifierOrCriteria: Uint,
  startAmount: Uint,
  endAmount: Uint,
});
/** Seaport's `OrderComponents`; OpenSea adds `totalOriginalConsiderationItems`, which the order's hash leaves out. */
const Parameters = z.object({
  offerer: Hex,
  zone: Hex,
  offer: z.array(Item),
  consideration: z.array(Item.extend({ recipient: Hex })),
  orderType: z.number().int(),
  startTime: Uint,
  endTime: Uint,
  zoneHash: Hex,
  salt: Uint,
  conduitKey: Hex,
  counter: Uint,
});
const ApiListing = z.object({
  order_hash: Hex,
  chain: z.string(),
  protocol_address: Hex,
  protocol_data: z.object({ parameters: Parameters, signature: Hex.nullish() }),
});
const BestListings = z.object({ listings: z.array(ApiListing), next: z.string().nullish() });
const Contract = z.object({ collection: z.string().min(1).nullish() });
const FulfillmentData = z.object({
  fulfillment_data: z.object({
    // Bounded as the order book bounds a posted listing's signature.
    orders: z.array(z.object({ signature: ListingSignature })).min(1),
  }),
});

/** OpenSea serves at most 100 listings a page. */
const PAGE_LIMIT = 100;

export type OpenSeaConnector = ListingConnector & FulfillmentConnector;

export function openSeaConnector(api: { url: URL; key: string }, contracts: ChainContracts): OpenSeaConnector | null {
  const chain = OPENSEA_CHAINS[contracts.chainId];
  if (!chain) return null;
  const seaport = seaportAddress(contracts);
  const headers = { 'X-API-KEY': api.key };
  // A contract's collection does not change: each is asked once (a contract OpenSea does not know is asked again).
  const slugs = new Map<string, string>();

  async function slugOf(collection: string) {
    const known = slugs.get(collection);
    if (known) return { ok: true as const, slug: known };
    const answer = await requestJson(
      new URL(`/api/v2/chain/${chain}/contract/${collection}`, api.url),
      headers,
      Contract,
    );
    if (!answer.ok) return answer;
    const slug = answer.value.collection ?? undefined;
    if (slug) slugs.set(collection, slug);
    return { ok: true as const, slug };
  }

  return {
    name: 'opensea',
    async cheapestListings(collection, limit) {
      const known = await slugOf(collection);
      if (!known.ok) return known;
      if (!known.slug) return { ok: true, listings: [] };
      const url = new URL(`/api/v2/listings/collection/${encodeURIComponent(known.slug)}/best`, api.url);
      url.searchParams.set('limit', String(Math.min(limit, PAGE_LIMIT)));
      const answer = await requestJson(url, headers, BestListings);
      if (!answer.ok) return answer;
      const listings = answer.value.listings.flatMap((listing) => {
        const request = listingOf(listing, { chain, chainId: contracts.chainId, collection });
        return request ? [request] : [];
      });
      return { ok: true, listings };
    },
    async fulfillmentSignature(orderHash, fulfiller) {
      const answer = await requestJson(
        new URL('/api/v2/listings/fulfillment_data', api.url),
        headers,
        FulfillmentData,
        {
          body: { listing: { hash: orderHash, chain, protocol_address: seaport }, fulfiller: { address: fulfiller } },
        },
      );
      if (!answer.ok) return answer;
      // One listing's fulfillment fills its one order; the caller checks the signature against the order it holds.
      const [order] = answer.value.fulfillment_data.orders;
      return { ok: true, signature: order!.signature as Hex };
    },
  };
}

/**
 * A served listing of `collection` as the order book's request: signed if OpenSea served a signature, else one whose
 * signature OpenSea hands out per fill. Undefined for another chain's listing, one of another contract (a slug may
 * cover several), or one whose order does not hash to the hash it was served under (which the fill would name).
 */
function listingOf(
  listing: z.infer<typeof ApiListing>,
  { chain, chainId, collection }: { chain: string; chainId: number; collection: string },
): OrderBookRequest | undefined {
  if (listing.chain !== chain) return undefined;
  const { parameters, signature } = listing.protocol_data;
  const request = orderBookRequest(
    { protocol: 'seaport', chain_id: chainId, protocol_address: listing.protocol_address, parameters },
    signature ?? null,
    'opensea',
  );
  if (!request || request.protocol !== 'seaport') return undefined;
  if (request.parameters.offer.some((item) => normalizeAddress(item.token) !== collection)) return undefined;
  const hash = seaportOrderHash(orderFromJson(request.parameters));
  return hash === listing.order_hash.toLowerCase() ? request : undefined;
}
