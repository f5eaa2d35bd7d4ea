import {
  CollectionType,
  LOOKSRARE_ABI,
  LOOKSRARE_EVENTS,
  LOOKSRARE_TRANSFER_MANAGER_ABI,
  looksRareDomain,
  looksRareSignedHash,
  makerFromJson,
  makerHash,
  type MerkleTree,
  multipleTakerBidArgs,
  NO_MERKLE_TREE,
  QuoteType,
  STANDARD_SALE_STRATEGY,
  takerBidArgs,
} from '@floordesk/contracts';
import { LISTING_PRICE_MAX_WEI, normalizeAddress, Status } from '@floordesk/protocol';
import { encodeFunctionData, type Hex, type Log, parseEventLogs, zeroAddress, zeroHash } from 'viem';
import { currentExchange } from '../../../chain/chain-contracts';
import { ok, refuse } from '../../../result';
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

/** secp256k1's order halved: a signature with a larger `s` is the malleable twin LooksRare refuses. */
const HALF_CURVE_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * LooksRare v2 maker asks: the standard sale (strategy 0) of one NFT for ETH, approved to LooksRare's TransferManager
 * which the signer has granted to the exchange. Checked as the exchange checks them when a buyer fills one.
 */
export const LOOKSRARE_V2: OrderProtocol<'looksrare-v2'> = {
  async validate(chain, request, now, block) {
    const maker = makerFromJson(request.parameters);
    if (maker.quoteType !== QuoteType.Ask) return refuse(Status.ListingNotAsk);
    if (maker.strategyId !== STANDARD_SALE_STRATEGY) return refuse(Status.ListingUnsupportedStrategy);
    if (maker.currency !== zeroAddress) return refuse(Status.ListingWrongCurrency);
    const [tokenId, ...otherIds] = maker.itemIds;
    const [amount, ...otherAmounts] = maker.amounts;
    if (tokenId === undefined || amount === undefined || otherIds.length > 0 || otherAmounts.length > 0) {
      return refuse(Status.ListingUnsupported);
    }
    const erc721 = maker.collectionType === CollectionType.Erc721;
    if (amount === 0n || (erc721 && amount !== 1n)) return refuse(Status.ListingBadAmount);
    if (maker.price === 0n) return refuse(Status.ListingBadPrice);
    if (maker.price > LISTING_PRICE_MAX_WEI) return refuse(Status.ListingPriceTooHigh);
    const outside = timeWindowRefusal(maker.startTime, maker.endTime, now);
    if (outside) return refuse(outside);

    const orderHash = makerHash(maker);
    // A batch's proof is hashed before any signature is recovered: a proof of another root needs no recovery.
    const merkleTree = request.merkle_tree as MerkleTree | undefined;
    const signedHash = looksRareSignedHash(orderHash, merkleTree ?? NO_MERKLE_TREE);
    if (signedHash === 'too-large') return refuse(Status.ListingProofTooLarge);
    if (signedHash === 'invalid') return refuse(Status.ListingBadProof);

    const exchange = currentExchange(chain.contracts, 'looksrare-v2');
    const transferManager = exchange.transferManager;
    if (!transferManager) throw new Error(`chain ${chain.contracts.chainId} names no LooksRare TransferManager`);
    const signature = request.signature as Hex;
    // LooksRare asks a contract wallet about the same digest and signature as a key (SignatureCheckerCalldata).
    const digest = eip712Digest(looksRareDomain(chain.contracts.chainId, exchange.address), signedHash);
    const recovered = await recoverSigner(digest, canonicalParts(signature));
    const checkedAt = await block();
    if (!(await signedBy(chain, maker.signer, { digest, signature, recovered }, checkedAt.number))) {
      return refuse(Status.ListingBadSignature);
    }

    const looks = { address: exchange.address, abi: LOOKSRARE_ABI, blockNumber: checkedAt.number } as const;
    const [[, askNonce], orderNonceStatus, subsetCancelled, owns, approved, granted] = await Promise.all([
      chain.client.readContract({ ...looks, functionName: 'userBidAskNonces', args: [maker.signer] }),
      chain.client.readContract({ ...looks, functionName: 'userOrderNonce', args: [maker.signer, maker.orderNonce] }),
      chain.client.readContract({ ...looks, functionName: 'userSubsetNonce', args: [maker.signer, maker.subsetNonce] }),
      holds(chain, { collection: maker.collection, tokenId, amount, erc721 }, maker.signer, checkedAt.number),
      approvedForAll(chain, maker.collection, maker.signer, transferManager, checkedAt.number),
      chain.client.readContract({
        address: transferManager,
        abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
        functionName: 'hasUserApprovedOperator',
        args: [maker.signer, exchange.address],
        blockNumber: checkedAt.number,
      }),
    ]);
    if (askNonce !== maker.globalNonce) return refuse(Status.ListingStaleCounter);
    if (subsetCancelled) return refuse(Status.ListingSubsetCancelled);
    // The order nonce's slot holds the hash of an order partly filled under it, or a marker once it is spent or
    // cancelled: which of the two the exchange does not tell, so both refuse as used.
    if (orderNonceStatus !== zeroHash && orderNonceStatus !== orderHash) return refuse(Status.ListingNonceUsed);
    if (!owns) return refuse(Status.ListingNotOwner);
    if (!approved) return refuse(Status.ListingNotApproved);
    if (!granted) return refuse(Status.ListingOperatorNotGranted);

    return ok({
      orderHash,
      collection: normalizeAddress(maker.collection),
      tokenId,
      amount,
      offerer: normalizeAddress(maker.signer),
      price: maker.price,
      marketplace: 'looks',
      operator: transferManager,
      counter: maker.globalNonce,
      orderNonce: maker.orderNonce,
      subsetNonce: maker.subsetNonce,
      startTime: maker.startTime,
      endTime: maker.endTime,
      // A tree without a proof is a maker signed alone, whatever its root: LooksRare reads no root without a proof.
      merkleTree: merkleTree && merkleTree.proof.length > 0 ? merkleTree : null,
      checkedAt,
    });
  },

  /**
   * One listing goes through `executeTakerBid`, which reverts if it cannot fill; more through
   * `executeMultipleTakerBids` with `isAtomic` false, which skips an ask that cannot fill and buys the others. The
   * NFTs go to the buyer who sends it (taker recipient 0).
   */
  fill(chain, listings, _buyer, _maximumFulfilled) {
    const asks = listings.map((listing) => ({
      maker: makerFromJson(listing.parameters),
      signature: listing.signature as Hex,
      merkleTree: listing.merkle_tree as MerkleTree | undefined,
    }));
    const [only] = asks;
    if (only && asks.length === 1) {
      return {
        data: encodeFunctionData({ abi: LOOKSRARE_ABI, functionName: 'executeTakerBid', args: takerBidArgs(only) }),
        filled: () => [true],
      };
    }
    const exchange = currentExchange(chain.contracts, 'looksrare-v2').address;
    const hashes = asks.map((ask) => makerHash(ask.maker));
    return {
      data: encodeFunctionData({
        abi: LOOKSRARE_ABI,
        functionName: 'executeMultipleTakerBids',
        args: multipleTakerBidArgs(asks, false),
      }),
      // The call answers nothing: the asks it bought are the ones whose TakerBid it emitted.
      filled: (result) => {
        const bought = new Set(
          parseEventLogs({ abi: LOOKSRARE_EVENTS, eventName: 'TakerBid', logs: result.logs as Log[], strict: true })
            .filter((log) => log.address.toLowerCase() === exchange)
            .map((log) => log.args.nonceInvalidationParameters.orderHash),
        );
        return hashes.map((hash) => bought.has(hash));
      },
    };
  },
  takesSpares: false,
};

/**
 * A key's signature as LooksRare's SignatureCheckerCalldata reads one: a key's signature (`keySignatureParts`) with
 * `s` in the lower half of the curve; undefined for anything else, the malleable twin of a valid signature included,
 * which LooksRare reads as no key's.
 */
function canonicalParts(signature: Hex): KeySignature | undefined {
  const parts = keySignatureParts(signature);
  return parts && parts.s <= HALF_CURVE_ORDER ? parts : undefined;
}
