import { ItemType, orderFromJson, SEAPORT_ABI, SEAPORT_ORDER_TYPES, seaportDomain, seaportOrderHash, type OrderComponents } from '@floordesk/contracts';
import {
  ORDER_WAY,
  type PostListingData,
  type PostListingRequest,
  Status,
  normalizeAddress,
} from '@floordesk/protocol';
import { type Address, erc1155Abi, erc721Abi, type Hex, recoverTypedDataAddress } from 'viem';
import { countNewListing, refreshFloors } from '../chain/rollups';
import { type ChainAccess } from '../chain/client';
import { marketplaceOf, operatorFor } from '../chain/chain-contracts';
import type { AppContext } from '../context';
import { withTransaction } from '../db/pool';
import type { Pool } from 'pg';
import { ok, refuse, type Result } from '../result';

/**
 * Accepts a signed Seaport listing only if it could be filled right now: right chain and contract, a supported
 * shape and marketplace, a live time window, a valid signature, the current counter, not cancelled or filled, the
 * offerer owning the NFT and having approved the order's operator. Anything else is refused with its reason and
 * nothing is written.
 */
export async function submitListing(ctx: AppContext, request: PostListingRequest): Promise<Result<PostListingData>> {
  const chain = ctx.chain;
  if (!chain) return refuse(Status.ChainUnavailable);
  const { contracts } = chain;
  if (request.chain_id !== contracts.chainId || normalizeAddress(request.protocol_address) !== contracts.seaport) {
    return refuse(Status.ListingWrongChain);
  }
  const order = orderFromJson(request.parameters);
  const shape = listingShape(order);
  if (!shape.ok) return shape;
  const { nft, price } = shape.value;
  if (price === 0n) return refuse(Status.ListingBadPrice);
  const nowSeconds = BigInt(Math.floor(ctx.now().getTime() / 1000));
  if (order.endTime <= nowSeconds || order.startTime >= order.endTime) return refuse(Status.ListingExpired);

  const operator = operatorFor(contracts, order.conduitKey);
  if (!operator) return refuse(Status.ListingUnsupported);
  const marketplace = marketplaceOf(
    contracts,
    normalizeAddress(order.zone),
    order.consideration.map((item) => normalizeAddress(item.recipient)),
  );
  if (!marketplace) return refuse(Status.ListingUnknownMarketplace);

  const orderHash = seaportOrderHash(order);
  const signer = await recoverTypedDataAddress({
    domain: seaportDomain(contracts.chainId, contracts.seaport),
    types: SEAPORT_ORDER_TYPES,
    primaryType: 'OrderComponents',
    message: order,
    signature: request.signature as Hex,
  }).catch(() => undefined);
  if (!signer || normalizeAddress(signer) !== normalizeAddress(order.offerer)) {
    if (!(await isContractSignatureValid(chain, order, request.signature as Hex))) {
      return refuse(Status.ListingBadSignature);
    }
  }

  let onChain: OnChainState;
  try {
    onChain = await readOnChainState(chain, order, nft, operator, orderHash);
  } catch {
    return refuse(Status.ChainUnavailable);
  }
  if (onChain.counter !== order.counter) return refuse(Status.ListingStaleCounter);
  if (onChain.cancelled) return refuse(Status.ListingCancelled);
  if (onChain.filled) return refuse(Status.ListingFilled);
  if (!onChain.owns) return refuse(Status.ListingNotOwner);
  if (!onChain.approved) return refuse(Status.ListingNotApproved);

  const collection = normalizeAddress(nft.token);
  const now = ctx.now();
  await withTransaction(ctx.db.$client, async (client) => {
    const inserted = await client.query(
      `insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                             protocol_address, operator, counter, start_time, end_time, parameters, signature,
                             created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, to_timestamp($12), to_timestamp($13), $14, $15, $16, $16)
       on conflict (order_hash) do nothing`,
      [
        orderHash,
        collection,
        nft.identifierOrCriteria.toString(),
        nft.startAmount.toString(),
        normalizeAddress(order.offerer),
        price.toString(),
        marketplace,
        ORDER_WAY[marketplace],
        contracts.seaport,
        operator,
        order.counter.toString(),
        Number(order.startTime),
        Number(order.endTime),
        JSON.stringify(request.parameters),
        request.signature.toLowerCase(),
        now,
      ],
    );
    // Posting the same order twice is harmless and answered the same way; it counts once.
    if (inserted.rowCount === 1) {
      await countNewListing(client, collection, now);
      await refreshFloors(client, [collection], now);
    }
  });
  return ok({
    order_hash: orderHash,
    marketplace,
    order_way: ORDER_WAY[marketplace],
    collection,
    token_id: nft.identifierOrCriteria.toString(),
    price_wei: price.toString(),
  });
}

type OnChainState = { counter: bigint; cancelled: boolean; filled: boolean; owns: boolean; approved: boolean };

async function readOnChainState(
  { client, contracts }: ChainAccess,
  order: OrderComponents,
  nft: OrderComponents['offer'][number],
  operator: Address,
  orderHash: Hex,
): Promise<OnChainState> {
  const seaport = { address: contracts.seaport, abi: SEAPORT_ABI } as const;
  const [counter, status, owns, approved] = await Promise.all([
    client.readContract({ ...seaport, functionName: 'getCounter', args: [order.offerer] }),
    client.readContract({ ...seaport, functionName: 'getOrderStatus', args: [orderHash] }),
    nft.itemType === ItemType.Erc721
      ? client
          .readContract({ address: nft.token, abi: erc721Abi, functionName: 'ownerOf', args: [nft.identifierOrCriteria] })
          // ownerOf reverts for a token that does not exist: nobody owns it.
          .then((owner) => normalizeAddress(owner) === normalizeAddress(order.offerer), isRevert(false))
      : client
          .readContract({
            address: nft.token,
            abi: erc1155Abi,
            functionName: 'balanceOf',
            args: [order.offerer, nft.identifierOrCriteria],
          })
          .then((balance) => balance >= nft.startAmount, isRevert(false)),
    client
      .readContract({
        address: nft.token,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [order.offerer, operator],
      })
      .catch(isRevert(false)),
  ]);
  const [, isCancelled, totalFilled, totalSize] = status;
  return { counter, cancelled: isCancelled, filled: totalSize > 0n && totalFilled >= totalSize, owns, approved };
}

/** A contract call that reverted answers `fallback`; a transport failure still throws (the chain is down). */
function isRevert<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof Error && error.name === 'ContractFunctionExecutionError') return fallback;
    throw error;
  };
}

/** Smart-contract wallets sign through ERC-1271; viem's verifier asks the contract. */
async function isContractSignatureValid({ client, contracts }: ChainAccess, order: OrderComponents, signature: Hex) {
  const code = await client.getCode({ address: order.offerer }).catch(() => undefined);
  if (!code || code === '0x') return false;
  return client
    .verifyTypedData({
      address: order.offerer,
      domain: seaportDomain(contracts.chainId, contracts.seaport),
      types: SEAPORT_ORDER_TYPES,
      primaryType: 'OrderComponents',
      message: order,
      signature,
    })
    .catch(() => false);
}

function listingShape(
  order: OrderComponents,
): Result<{ nft: OrderComponents['offer'][number]; price: bigint }> {
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

/** Ends listings whose time is up, and refreshes their collections' floors. */
export async function expireListings(pool: Pool, now: Date): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ collection: string }>(
      `update listings set status = 'expired', status_reason = 'expired', updated_at = $1
        where status = 'active' and end_time <= $1 returning collection`,
      [now],
    );
    await refreshFloors(
      client,
      rows.map((row) => row.collection),
      now,
    );
    return rows.length;
  });
}
