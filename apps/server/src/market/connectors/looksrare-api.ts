import { type LooksRareListingRequest, PostListingRequest } from '@floordesk/protocol';
import { z } from 'zod';
import { type ChainContracts, currentExchange } from '../../chain/chain-contracts';
import { requestJson, type ListingConnector } from './marketplace-api';

/**
 * LooksRare's API v2 (`GET /api/v2/orders`, docs.looksrare.org): a collection's valid asks under the standard
 * strategy, cheapest first, each a signed maker order, with its merkle tree when it was signed in a batch.
 */
const Uint = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String);
const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const ApiOrder = z.object({
  hash: Hex,
  quoteType: z.number().int(),
  globalNonce: Uint,
  subsetNonce: Uint,
  orderNonce: Uint,
  collection: Hex,
  currency: Hex,
  signer: Hex,
  strategyId: Uint,
  collectionType: z.number().int(),
  startTime: Uint,
  endTime: Uint,
  price: Uint,
  additionalParameters: Hex,
  signature: Hex,
  merkleRoot: Hex.nullish(),
  merkleProof: z.array(z.object({ value: Hex, position: z.union([z.literal(0), z.literal(1)]) })).nullish(),
  amounts: z.array(Uint),
  itemIds: z.array(Uint),
});
const ApiAnswer = z.object({ success: z.boolean(), message: z.string().nullish(), data: z.array(ApiOrder).nullish() });
type ApiOrder = z.infer<typeof ApiOrder>;

/** LooksRare v2's `QuoteType.Ask`, and the standard sale strategy every listing FloorDesk takes uses. */
const ASK = 1;

export function looksRareConnector(api: { url: URL; key: string }, contracts: ChainContracts): ListingConnector {
  const exchange = currentExchange(contracts, 'looksrare-v2').address;
  return {
    name: 'looksrare',
    async cheapestListings(collection, limit) {
      const url = new URL('/api/v2/orders', api.url);
      url.searchParams.set('quoteType', String(ASK));
      url.searchParams.set('collection', collection);
      url.searchParams.set('strategyId', '0');
      url.searchParams.set('status', 'VALID');
      url.searchParams.set('sort', 'PRICE_ASC');
      url.searchParams.set('pagination[first]', String(limit));
      const answer = await requestJson(url, { 'X-Looks-Api-Key': api.key }, ApiAnswer);
      if (!answer.ok) return answer;
      if (!answer.value.success) return { ok: false, failure: `refused: ${answer.value.message ?? 'no reason given'}` };
      // Each order as the order book's request, kept only if it has that request's shape (bounds included).
      const listings = (answer.value.data ?? [])
        .filter((order) => order.quoteType === ASK)
        .flatMap((order) => {
          const request = PostListingRequest.safeParse(listingOf(order, contracts.chainId, exchange));
          return request.success ? [request.data] : [];
        });
      return { ok: true, listings };
    },
  };
}

function listingOf(order: ApiOrder, chainId: number, exchange: string): LooksRareListingRequest {
  return {
    protocol: 'looksrare-v2',
    chain_id: chainId,
    protocol_address: exchange,
    signature: order.signature,
    parameters: {
      quoteType: order.quoteType,
      globalNonce: order.globalNonce,
      subsetNonce: order.subsetNonce,
      orderNonce: order.orderNonce,
      strategyId: order.strategyId,
      collectionType: order.collectionType,
      collection: order.collection,
      currency: order.currency,
      signer: order.signer,
      startTime: order.startTime,
      endTime: order.endTime,
      price: order.price,
      itemIds: order.itemIds,
      amounts: order.amounts,
      additionalParameters: order.additionalParameters,
    },
    ...(order.merkleRoot && order.merkleProof && { merkle_tree: { root: order.merkleRoot, proof: order.merkleProof } }),
  };
}
