import {
  basicOrderArgs,
  ItemType,
  orderFromJson,
  type OrderComponents,
  SEAPORT_ABI,
  seaportBulkOrderHash,
  seaportDomain,
  seaportOrderHash,
  sweepArgs,
  sweepAvailability,
} from '@floordesk/contracts';
import { LISTING_PRICE_MAX_WEI, normalizeAddress, Status } from '@floordesk/protocol';
import { encodeFunctionData, type Hex } from 'viem';
import { marketplaceOf, operatorFor, seaportAddress } from '../../../chain/chain-contracts';
import type { ChainAccess } from '../../../chain/client';
import { ok, refuse, type Result } from '../../../result';
import {
  approvedForAll,
  eip712Digest,
  holds,
  type KeySignature,
  keySignatureParts,
  type OrderProtocol,
  recoverSigner,
  signedBy,
  timeWindowRefusal,
} from './order-protocol';

/**
 * Seaport 1.6 listings: one ERC-721 or ERC-1155 offered for fixed ETH amounts, the first paying the offerer, on a
 * marketplace known by its fee recipient or zone, approved to Seaport or the order's conduit.
 */
export const SEAPORT: OrderProtocol<'seaport'> = {
  async validate(chain, request, now, block) {
    const { contracts } = chain;
    const order = orderFromJson(request.parameters);
    const shape = listingShape(order);
    if (!shape.ok) return shape;
    const { nft, price } = shape.value;
    if (price === 0n) return refuse(Status.ListingBadPrice);
    if (price > LISTING_PRICE_MAX_WEI) return refuse(Status.ListingPriceTooHigh);
    const outside = timeWindowRefusal(order.startTime, order.endTime, now);
    if (outside) return refuse(outside);

    const operator = operatorFor(contracts, order.conduitKey);
    if (!operator) return refuse(Status.ListingUnsupported);
    const marketplace = marketplaceOf(
      contracts,
      normalizeAddress(order.zone),
      order.consideration.map((item) => normalizeAddress(item.recipient)),
    );
    if (!marketplace) return refuse(Status.ListingUnknownMarketplace);

    const orderHash = seaportOrderHash(order);
    const checkedAt = await block();
    // An order its API serves unsigned is checked for its signature when the API hands one out for a fill.
    if (
      request.signature !== null &&
      !(await seaportSignedBy(chain, order, orderHash, request.signature as Hex, checkedAt.number))
    ) {
      return refuse(Status.ListingBadSignature);
    }
    const seaport = { address: seaportAddress(contracts), abi: SEAPORT_ABI, blockNumber: checkedAt.number } as const;
    const token = {
      collection: nft.token,
      tokenId: nft.identifierOrCriteria,
      amount: nft.startAmount,
      erc721: nft.itemType === ItemType.Erc721,
    };
    const [counter, [, isCancelled, totalFilled, totalSize], owns, approved] = await Promise.all([
      chain.client.readContract({ ...seaport, functionName: 'getCounter', args: [order.offerer] }),
      chain.client.readContract({ ...seaport, functionName: 'getOrderStatus', args: [orderHash] }),
      holds(chain, token, order.offerer, checkedAt.number),
      approvedForAll(chain, nft.token, order.offerer, operator, checkedAt.number),
    ]);
    if (counter !== order.counter) return refuse(Status.ListingStaleCounter);
    if (isCancelled) return refuse(Status.ListingCancelled);
    if (totalSize > 0n && totalFilled >= totalSize) return refuse(Status.ListingFilled);
    if (!owns) return refuse(Status.ListingNotOwner);
    if (!approved) return refuse(Status.ListingNotApproved);

    return ok({
      orderHash,
      collection: normalizeAddress(nft.token),
      tokenId: nft.identifierOrCriteria,
      amount: nft.startAmount,
      offerer: normalizeAddress(order.offerer),
      price,
      marketplace,
      operator,
      counter: order.counter,
      orderNonce: null,
      subsetNonce: null,
      startTime: order.startTime,
      endTime: order.endTime,
      merkleTree: null,
      checkedAt,
    });
  },

  /**
   * One listing alone goes through Seaport's basic-order path: 128k gas against 159k for a one-order
   * `fulfillAvailableAdvancedOrders` (`npm run bench -- sweep-gas`). It reverts where the sweep would skip (a rival
   * filled it first), but either way nothing is bought and the gas burnt is about the same. Anything more is a
   * sweep, which fills the first `maximumFulfilled` available listings and skips the others.
   */
  fill(_chain, listings, buyer, maximumFulfilled) {
    const signed = listings.map(({ parameters, signature }) => {
      // The planner asks an unsigned order's API for its signature before it plans a fill of it.
      if (signature === null) throw new Error('an unsigned Seaport order cannot be filled');
      return { order: orderFromJson(parameters), signature: signature as Hex };
    });
    const [only] = signed;
    if (only && signed.length === 1 && maximumFulfilled === 1) {
      return {
        data: encodeFunctionData({
          abi: SEAPORT_ABI,
          functionName: 'fulfillBasicOrder_efficient_6GL6yc',
          args: basicOrderArgs(only),
        }),
        filled: () => [true],
      };
    }
    return {
      data: encodeFunctionData({
        abi: SEAPORT_ABI,
        functionName: 'fulfillAvailableAdvancedOrders',
        args: sweepArgs(signed, buyer, maximumFulfilled),
      }),
      filled: (result) => sweepAvailability(result.data),
    };
  },
  takesSpares: true,
};

/**
 * Whether the order's offerer signed `signature` for the order of `orderHash` on this chain's Seaport, as Seaport
 * verifies it: a key's signature of the order or of a bulk order's tree, or a contract wallet's ERC-1271 answer at
 * `blockNumber`.
 */
export async function seaportSignedBy(
  chain: ChainAccess,
  order: OrderComponents,
  orderHash: Hex,
  signature: Hex,
  blockNumber: bigint,
): Promise<boolean> {
  const domain = seaportDomain(chain.contracts.chainId, seaportAddress(chain.contracts));
  const digest = eip712Digest(domain, orderHash);
  const recovered = await recoverSigner(...keySigned(domain, orderHash, digest, signature));
  return signedBy(chain, order.offerer, { digest, signature, recovered }, blockNumber);
}

/**
 * What the offerer's key signed, as Seaport reads it (Verifiers.sol, `_verifySignature`): a signature of a bulk
 * order's length is the key's signature of the tree its proof leads to, and the digest is over that tree's hash;
 * any other is the key's signature of the order's own `digest`. Seaport's ERC-1271 fallback asks a wallet about the
 * order's own digest with the whole signature, proof and all, whichever it is.
 */
function keySigned(
  domain: ReturnType<typeof seaportDomain>,
  orderHash: Hex,
  digest: Hex,
  signature: Hex,
): [Hex, KeySignature | undefined] {
  const bulk = seaportBulkOrderHash(orderHash, signature);
  return bulk
    ? [eip712Digest(domain, bulk.treeHash), keySignatureParts(bulk.signature)]
    : [digest, keySignatureParts(signature)];
}

function listingShape(order: OrderComponents): Result<{ nft: OrderComponents['offer'][number]; price: bigint }> {
  const [nft, ...otherOffers] = order.offer;
  const [sellerProceeds] = order.consideration;
  if (
    !nft ||
    otherOffers.length > 0 ||
    !sellerProceeds ||
    (nft.itemType !== ItemType.Erc721 && nft.itemType !== ItemType.Erc1155) ||
    !fixedPrice(nft) ||
    nft.startAmount === 0n ||
    (nft.itemType === ItemType.Erc721 && nft.startAmount !== 1n) ||
    order.orderType > 3 ||
    normalizeAddress(sellerProceeds.recipient) !== normalizeAddress(order.offerer) ||
    order.consideration.some((item) => item.itemType !== ItemType.Native || !fixedPrice(item))
  ) {
    return refuse(Status.ListingUnsupported);
  }
  const price = order.consideration.reduce((sum, item) => sum + item.startAmount, 0n);
  return ok({ nft, price });
}

function fixedPrice(item: { startAmount: bigint; endAmount: bigint }): boolean {
  return item.startAmount === item.endAmount;
}
