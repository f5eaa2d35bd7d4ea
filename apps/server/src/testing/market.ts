import {
  fulfillOrderArgs,
  listingOrder,
  looksRareAsk,
  type LooksRareMaker,
  looksRareTypedData,
  type OrderComponents,
  receiptOf,
  SEAPORT_ABI,
  seaportTypedData,
} from '@floordesk/contracts';
import { askNonce, missingLooksRareApprovals, toPostListing } from '@floordesk/devnet';
import { DEFAULT_GAS_ENTRIES, DEVNET_CHAIN_ID, type SweepQuoteRequest } from '@floordesk/protocol';
import { type Account, type Address, createWalletClient, erc721Abi, type Hex, http, parseEther, zeroHash } from 'viem';
import { foundry } from 'viem/chains';
import type { AppContext } from '../context';
import { submitListing } from '../market/listings/submit';
import type { TestDevnet } from './devnet';

export function walletOf(devnet: TestDevnet, account: Account) {
  return createWalletClient({ account, chain: foundry, transport: http(devnet.rpcUrl) });
}

/** The first ERC-721 token id (from `from` on) that `owner` holds in `collection`. */
export async function ownedToken(devnet: TestDevnet, collection: Address, owner: Address, from = 1n): Promise<bigint> {
  const page = 200n;
  for (let start = from; start < from + 3000n; start += page) {
    const ids = Array.from({ length: Number(page) }, (_, i) => start + BigInt(i));
    const holders = await Promise.all(
      ids.map((id) =>
        devnet.chain.client
          .readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [id] })
          .catch(() => undefined),
      ),
    );
    const index = holders.findIndex((holder) => holder?.toLowerCase() === owner.toLowerCase());
    if (index >= 0) return ids[index] as bigint;
  }
  throw new Error(`${owner} holds no token of ${collection}`);
}

/** `from` sends an ERC-721 token to `to` (a gift, a move between wallets); resolves once it is mined. */
export async function giveToken(
  devnet: TestDevnet,
  from: Account,
  collection: Address,
  to: Address,
  tokenId: bigint,
): Promise<void> {
  const hash = await walletOf(devnet, from).writeContract({
    address: collection,
    abi: erc721Abi,
    functionName: 'transferFrom',
    args: [from.address, to, tokenId],
  });
  await receiptOf(devnet.chain.client, hash);
}

let salt = 1_000_000n;

export type ListingOptions = {
  priceWei?: bigint;
  endTime?: bigint;
  /** Approved to Seaport itself (conduit key 0) instead of OpenSea's conduit. */
  withoutConduit?: boolean;
  /** Pays the marketplace fee here instead of the marketplace's own recipient. */
  feeRecipient?: Address;
};

/** An ERC-721 listing as a marketplace builds it (seller, fee, royalty), at the offerer's current counter. */
export async function buildListing(
  devnet: TestDevnet,
  offerer: Account,
  collection: Address,
  tokenId: bigint,
  options: ListingOptions = {},
): Promise<OrderComponents> {
  const { manifest, chain } = devnet;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const market = manifest.marketplaces.opensea;
  const counter = await chain.client.readContract({
    address: manifest.seaport,
    abi: SEAPORT_ABI,
    functionName: 'getCounter',
    args: [offerer.address],
  });
  return listingOrder({
    offerer: offerer.address,
    token: { address: collection, standard: 'erc721', royaltyBps: 500 },
    tokenId,
    amount: 1n,
    priceWei: options.priceWei ?? 10n ** 17n,
    marketplace: {
      conduitKey: options.withoutConduit ? zeroHash : manifest.conduit.key,
      feeRecipient: options.feeRecipient ?? market.feeRecipient,
      feeBps: market.feeBps,
    },
    royaltyRecipient: manifest.deployer,
    startTime: now - 60n,
    endTime: options.endTime ?? now + 3600n,
    salt: salt++,
    counter,
  });
}

/** Signs an order with Seaport's EIP-712 domain on `chainId` (the devnet's unless another is asked). */
export function signListing(devnet: TestDevnet, signer: Account, order: OrderComponents, chainId = DEVNET_CHAIN_ID) {
  return walletOf(devnet, signer).signTypedData(seaportTypedData(order, chainId, devnet.manifest.seaport));
}

/** Lists `tokenId` through the order book (as OpenSea would) and has `buyer` fill it; returns the fill's hash. */
export async function listAndBuy(
  devnet: TestDevnet,
  ctx: AppContext,
  {
    seller,
    buyer,
    collection,
    tokenId,
    priceWei,
  }: {
    seller: Account;
    buyer: Account;
    collection: Address;
    tokenId: bigint;
    priceWei: bigint;
  },
): Promise<{ txHash: Hex; orderHash: string }> {
  const { manifest, chain } = devnet;
  const order = await buildListing(devnet, seller, collection, tokenId, { priceWei });
  const signature = await signListing(devnet, seller, order);
  const accepted = await submitListing(ctx, toPostListing({ order, signature }, DEVNET_CHAIN_ID, manifest.seaport));
  if (!accepted.ok) throw new Error(`the order book refused the listing: ${accepted.status}`);
  const txHash = await walletOf(devnet, buyer).writeContract({
    address: manifest.seaport,
    abi: SEAPORT_ABI,
    functionName: 'fulfillOrder',
    args: fulfillOrderArgs({ order, signature }),
    value: priceWei,
  });
  await receiptOf(chain.client, txHash);
  return { txHash, orderHash: accepted.value.order_hash };
}

/**
 * A sweep quote request for one of the cheapest listings of `collection`, up to 1 ETH, from both devnet marketplaces,
 * skipping pending and flagged ones, with the first gas preset; `request` changes any of it.
 */
export function sweepQuoteRequest(collection: Address, request: Partial<SweepQuoteRequest> = {}): SweepQuoteRequest {
  return {
    chain_id: DEVNET_CHAIN_ID,
    collection,
    count: 1,
    max_total: parseEther('1').toString(),
    marketplaces: ['opensea', 'looks'],
    skip_pending_flagged: true,
    gas: DEFAULT_GAS_ENTRIES[0]!,
    ...request,
  };
}

/**
 * Readies `seller` to list `collection` on LooksRare v2, as LooksRare's front end asks a new seller to: the
 * collection approved to the TransferManager, and the TransferManager granted to the exchange (each unless done).
 */
export async function approveLooksRare(devnet: TestDevnet, seller: Account, collection: Address): Promise<void> {
  const wallet = walletOf(devnet, seller);
  const missing = await missingLooksRareApprovals(
    devnet.chain.client,
    devnet.manifest.looksRare,
    seller.address,
    collection,
  );
  for (const transaction of missing) await receiptOf(devnet.chain.client, await wallet.sendTransaction(transaction));
}

let orderNonce = 1_000_000n;

/** A LooksRare v2 maker ask of one ERC-721 token for ETH, at the signer's current ask nonce and a fresh order nonce. */
export async function buildLooksRareAsk(
  devnet: TestDevnet,
  signer: Account,
  collection: Address,
  tokenId: bigint,
  options: { priceWei?: bigint; endTime?: bigint; subsetNonce?: bigint; orderNonce?: bigint } = {},
): Promise<LooksRareMaker> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const globalNonce = await askNonce(devnet.chain.client, devnet.manifest.looksRare, signer.address);
  return looksRareAsk({
    signer: signer.address,
    collection,
    standard: 'erc721',
    tokenId,
    amount: 1n,
    priceWei: options.priceWei ?? 10n ** 17n,
    startTime: now - 60n,
    endTime: options.endTime ?? now + 3600n,
    globalNonce,
    subsetNonce: options.subsetNonce ?? 0n,
    orderNonce: options.orderNonce ?? orderNonce++,
  });
}

/** Signs a maker ask with LooksRare's EIP-712 domain on `chainId` (the devnet's unless another is asked). */
export function signLooksRareAsk(
  devnet: TestDevnet,
  signer: Account,
  maker: LooksRareMaker,
  chainId = DEVNET_CHAIN_ID,
) {
  return walletOf(devnet, signer).signTypedData(looksRareTypedData(maker, chainId, devnet.manifest.looksRare.protocol));
}
