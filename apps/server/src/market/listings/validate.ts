import {
  ItemType,
  orderFromJson,
  type OrderComponents,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  seaportDomain,
  seaportOrderHash,
} from '@floordesk/contracts';
import { type Marketplace, type PostListingRequest, Status, normalizeAddress } from '@floordesk/protocol';
import { type Address, erc1155Abi, erc721Abi, type Hex, maxUint256, recoverTypedDataAddress } from 'viem';
import { marketplaceOf, operatorFor, seaportAddress } from '../../chain/chain-contracts';
import type { ChainAccess } from '../../chain/client';
import { ok, refuse, type Result } from '../../result';

/** A block of the node's chain: the on-chain checks of a listing all read its state. */
export type CheckedBlock = { number: bigint; hash: Hex };

/** A listing that could be filled at `checkedAt`, with the terms the order book keeps. */
export type ValidListing = {
  orderHash: Hex;
  collection: string;
  tokenId: bigint;
  amount: bigint;
  offerer: string;
  /** Wei: the sum of the consideration, what the buyer pays. */
  price: bigint;
  marketplace: Marketplace;
  /** The address the NFT must be approved to: Seaport itself or the order's conduit. */
  operator: string;
  counter: bigint;
  /** Unix seconds, as signed. */
  startTime: bigint;
  endTime: bigint;
  checkedAt: CheckedBlock;
};

/**
 * Whether a signed Seaport listing could be filled now: right chain and contract, a supported shape and price, a
 * live time window, a known marketplace, a valid signature, then, read from one block (`at`, else the latest), the
 * current counter, not cancelled or filled, the offerer owning the NFT and having approved the order's operator.
 * The checks run cheapest first, so a bad listing costs no signature recovery or chain read it does not need.
 * A node that cannot be asked answers ChainUnavailable.
 */
export async function validateListing(
  chain: ChainAccess,
  request: PostListingRequest,
  now: Date,
  at?: CheckedBlock,
): Promise<Result<ValidListing>> {
  const { contracts } = chain;
  if (
    request.chain_id !== contracts.chainId ||
    normalizeAddress(request.protocol_address) !== seaportAddress(contracts)
  ) {
    return refuse(Status.ListingWrongChain);
  }
  const order = orderFromJson(request.parameters);
  const shape = listingShape(order);
  if (!shape.ok) return shape;
  const { nft, price } = shape.value;
  if (price === 0n) return refuse(Status.ListingBadPrice);
  if (price > maxUint256) return refuse(Status.ListingPriceTooHigh);
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  if (order.endTime <= nowSeconds || order.startTime >= order.endTime) return refuse(Status.ListingExpired);
  if (order.startTime > nowSeconds) return refuse(Status.ListingNotStarted);

  const operator = operatorFor(contracts, order.conduitKey);
  if (!operator) return refuse(Status.ListingUnsupported);
  const marketplace = marketplaceOf(
    contracts,
    normalizeAddress(order.zone),
    order.consideration.map((item) => normalizeAddress(item.recipient)),
  );
  if (!marketplace) return refuse(Status.ListingUnknownMarketplace);

  const orderHash = seaportOrderHash(order);
  const signature = request.signature as Hex;
  const signer = await recoverTypedDataAddress({
    domain: seaportDomain(contracts.chainId, seaportAddress(contracts)),
    types: SEAPORT_ORDER_TYPES,
    primaryType: 'OrderComponents',
    message: order,
    signature,
  }).catch(() => undefined);
  const signedByOfferer = signer !== undefined && normalizeAddress(signer) === normalizeAddress(order.offerer);

  let checkedAt: CheckedBlock;
  let onChain: OnChainState;
  try {
    checkedAt = at ?? (await latestBlock(chain));
    if (!signedByOfferer && !(await isContractSignatureValid(chain, order, signature, checkedAt.number))) {
      return refuse(Status.ListingBadSignature);
    }
    onChain = await readOnChainState(chain, order, nft, operator, orderHash, checkedAt.number);
  } catch {
    return refuse(Status.ChainUnavailable);
  }
  if (onChain.counter !== order.counter) return refuse(Status.ListingStaleCounter);
  if (onChain.cancelled) return refuse(Status.ListingCancelled);
  if (onChain.filled) return refuse(Status.ListingFilled);
  if (!onChain.owns) return refuse(Status.ListingNotOwner);
  if (!onChain.approved) return refuse(Status.ListingNotApproved);

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
    startTime: order.startTime,
    endTime: order.endTime,
    checkedAt,
  });
}

/** The node's latest block: the one a listing's on-chain checks read. */
export async function latestBlock({ client }: ChainAccess): Promise<CheckedBlock> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.hash === null) throw new Error('the latest block has no hash');
  return { number: block.number, hash: block.hash };
}

type OnChainState = { counter: bigint; cancelled: boolean; filled: boolean; owns: boolean; approved: boolean };

async function readOnChainState(
  { client, contracts }: ChainAccess,
  order: OrderComponents,
  nft: OrderComponents['offer'][number],
  operator: Address,
  orderHash: Hex,
  blockNumber: bigint,
): Promise<OnChainState> {
  const seaport = { address: seaportAddress(contracts), abi: SEAPORT_ABI, blockNumber } as const;
  const [counter, status, owns, approved] = await Promise.all([
    client.readContract({ ...seaport, functionName: 'getCounter', args: [order.offerer] }),
    client.readContract({ ...seaport, functionName: 'getOrderStatus', args: [orderHash] }),
    nft.itemType === ItemType.Erc721
      ? client
          .readContract({
            address: nft.token,
            abi: erc721Abi,
            functionName: 'ownerOf',
            args: [nft.identifierOrCriteria],
            blockNumber,
          })
          // ownerOf reverts for a token that does not exist: nobody owns it.
          .then((owner) => normalizeAddress(owner) === normalizeAddress(order.offerer), isRevert(false))
      : client
          .readContract({
            address: nft.token,
            abi: erc1155Abi,
            functionName: 'balanceOf',
            args: [order.offerer, nft.identifierOrCriteria],
            blockNumber,
          })
          .then((balance) => balance >= nft.startAmount, isRevert(false)),
    client
      .readContract({
        address: nft.token,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [order.offerer, operator],
        blockNumber,
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
async function isContractSignatureValid(
  { client, contracts }: ChainAccess,
  order: OrderComponents,
  signature: Hex,
  blockNumber: bigint,
): Promise<boolean> {
  const code = await client.getCode({ address: order.offerer, blockNumber }).catch(() => undefined);
  if (!code || code === '0x') return false;
  return client
    .verifyTypedData({
      address: order.offerer,
      domain: seaportDomain(contracts.chainId, seaportAddress(contracts)),
      types: SEAPORT_ORDER_TYPES,
      primaryType: 'OrderComponents',
      message: order,
      signature,
      blockNumber,
    })
    .catch(() => false);
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
