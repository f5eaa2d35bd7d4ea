import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONDUIT_CONTROLLER_ABI,
  fulfillOrderArgs,
  listingOrder,
  LOOKSRARE_ABI,
  looksRareAsk,
  type LooksRareMaker,
  looksRareTypedData,
  makerHash,
  type OrderComponents,
  type OrderComponentsJson,
  orderFromJson,
  orderPrice,
  receiptOf,
  SEAPORT_ABI,
  seaportBulkSignatures,
  seaportOrderHash,
  seaportTypedData,
  takerBidArgs,
  type SignedOrder,
} from '@floordesk/contracts';
import {
  askNonce,
  collectionBySlug,
  devnetAccount,
  type DevnetManifest,
  devnetNodeUrl,
  missingLooksRareApprovals,
  rpc,
  toLooksRarePostListing,
  toPostListing,
} from '@floordesk/devnet';
import {
  ADDRESS_HEADER,
  apiRoutes,
  AUTH_HEADER,
  type ApiRoute,
  type ListingRow,
  type ListingsData,
  type LoginData,
  type NoticeData,
  type PostListingData,
  Status,
} from '@floordesk/protocol';
import {
  type Address,
  bytesToBigInt,
  erc721Abi,
  formatEther,
  type Hex,
  isAddressEqual,
  type LocalAccount,
  numberToHex,
  parseAbi,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DevnetClients, devnetClients, ownerOf } from './devnet-chain';
import { E2E_DATA_DIR } from './server-env';
import type { SignedTypedData } from './typed-data';

/**
 * A devnet account: its index on anvil's test mnemonic (people are 2–4; 0 and 1 are the test wallet's), a private key
 * or the account itself.
 */
export type DevnetSigner = number | Hex | LocalAccount;

/** An ERC-721 collection of the devnet catalog, where it was deployed. */
export type DevnetCollection = { slug: string; address: Address; royaltyBps: number; mintPriceWei: bigint };

/** A listing made here: the signed order, what it sells and what it asks (fee and royalty included). */
export type FreshListing = SignedOrder & { tokenId: bigint; orderHash: Hex; priceWei: bigint };

/** A LooksRare v2 maker ask made here: what the seller signed, what it sells and what it asks. */
export type FreshLooksRareListing = {
  maker: LooksRareMaker;
  signature: Hex;
  tokenId: bigint;
  orderHash: Hex;
  priceWei: bigint;
};

const MINT_ABI = parseAbi(['function mint(address to, uint256 quantity) payable']);
/** Listings made here start a minute before the chain's clock (a fill simulated on an idle chain still sees them live). */
const START_EARLY_S = 60n;
const LIVE_FOR_S = 24n * 3_600n;
/**
 * The ladder of default prices: 0.0001, 0.0002, … ETH. The simulator's bots never ask less than about a quarter of a
 * collection's mint price (≥ 0.0038 ETH in the cheapest collection), so up to 30 rungs stay the cheapest.
 */
const PRICE_STEP = parseEther('0.0001');

/**
 * The devnet's Seaport market as a seller and a rival buyer see it: mint fresh tokens, approve OpenSea's conduit,
 * sign listings as OpenSea builds them (2.5% fee, then the royalty), post them to the app's order book, fill one.
 * Chain calls go to the devnet's node itself (anvil, as the bots reach it; the app's `/rpc` is a wallet's door and
 * refuses node administration such as anvil_setBalance), listings through the app's public API.
 */
export class DevnetMarket {
  private constructor(
    readonly manifest: DevnetManifest,
    readonly chainId: number,
    readonly clients: DevnetClients,
    private readonly baseURL: string | undefined,
    private readonly rpcUrl: string,
  ) {}

  /**
   * The market of the app at `baseURL`. Seaport, the conduit and the collections come from the deploy manifest in the
   * server's data dir, and the node's URL from the file beside it: no public endpoint names them, and the server builds
   * its own address table from the manifest. Checked against the chain, so a data dir that is not the server's fails
   * here rather than in a fill.
   */
  static async connect(baseURL: string, { dataDir = E2E_DATA_DIR }: { dataDir?: string } = {}): Promise<DevnetMarket> {
    const file = path.join(dataDir, 'devnet', 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as DevnetManifest;
    const market = await DevnetMarket.open(await devnetNodeUrl(dataDir), manifest, { baseURL });
    const [conduit, exists] = await market.clients.chain.readContract({
      address: manifest.conduitController,
      abi: CONDUIT_CONTROLLER_ABI,
      functionName: 'getConduit',
      args: [manifest.conduit.key],
    });
    const seaportCode = await market.clients.chain.getCode({ address: manifest.seaport });
    if (!exists || !isAddressEqual(conduit, manifest.conduit.address) || !seaportCode) {
      throw new Error(`${file} does not describe the devnet behind ${baseURL}: is ${dataDir} the server's DATA_DIR?`);
    }
    return market;
  }

  /** The market straight on a devnet's node (benchmarks); without `baseURL` listings are signed, never posted. */
  static async open(
    rpcUrl: string,
    manifest: DevnetManifest,
    options: { baseURL?: string; pollingMs?: number } = {},
  ): Promise<DevnetMarket> {
    const clients = devnetClients(rpcUrl, options);
    return new DevnetMarket(manifest, await clients.chain.getChainId(), clients, options.baseURL, rpcUrl);
  }

  account(signer: DevnetSigner): LocalAccount {
    if (typeof signer === 'number') return devnetAccount(signer);
    return typeof signer === 'string' ? privateKeyToAccount(signer) : signer;
  }

  collection(slug: string): DevnetCollection {
    const spec = collectionBySlug(slug);
    const deployed = this.manifest.collections.find((collection) => collection.slug === slug);
    if (!spec || !deployed || deployed.standard !== 'erc721')
      throw new Error(`no ERC-721 collection ${slug} on the devnet`);
    return { slug, address: deployed.address, royaltyBps: spec.royaltyBps, mintPriceWei: spec.mintPriceWei };
  }

  /** Sets an account's balance (a fresh key has nothing to pay with). */
  async fund(address: Address, wei: bigint): Promise<void> {
    await rpc(this.rpcUrl, 'anvil_setBalance', [address, numberToHex(wei)]);
  }

  /**
   * Mints `count` fresh tokens of `slug` to `seller`, lists them on OpenSea's terms at `prices` (a cheap ladder by
   * default), posts them to the order book and checks they are now the collection's cheapest: below every listing
   * of anyone else. One call at a time per seller (their nonces).
   */
  async mintAndList(
    seller: DevnetSigner,
    slug: string,
    count: number,
    prices: readonly bigint[] = Array.from({ length: count }, (_, i) => PRICE_STEP * BigInt(i + 1)),
  ): Promise<FreshListing[]> {
    const listings = await this.mintAndPost(seller, slug, count, prices);
    await this.expectCheapest(this.account(seller), slug, listings);
    return listings;
  }

  /**
   * mintAndList without asking for the collection's cheapest: for a journey that follows a trader's own events, not
   * the floor, and so also passes on a retry that finds the first attempt's listings still open.
   */
  async mintAndPost(
    seller: DevnetSigner,
    slug: string,
    count: number,
    prices: readonly bigint[] = Array.from({ length: count }, (_, i) => PRICE_STEP * BigInt(i + 1)),
  ): Promise<FreshListing[]> {
    if (prices.length !== count) throw new Error(`${count} listings need ${count} prices, not ${prices.length}`);
    const listings = await this.createListings(this.account(seller), slug, prices);
    await this.post(listings);
    return listings;
  }

  /**
   * Lists a token `signer` already holds (one they bought, say) on OpenSea's terms at `priceWei` and posts it to the
   * order book, approving OpenSea's conduit first if they never did.
   */
  async listOwned(signer: DevnetSigner, slug: string, tokenId: bigint, priceWei: bigint): Promise<FreshListing> {
    const seller = this.account(signer);
    const collection = this.collection(slug);
    await this.approveConduit(seller, collection);
    const listings = await this.signListings(seller, collection, [tokenId], [priceWei]);
    await this.post(listings);
    return listings[0]!;
  }

  /** Mints one token per price to `seller`, approves OpenSea's conduit and signs the listings; posts nothing. */
  async createListings(signer: DevnetSigner, slug: string, prices: readonly bigint[]): Promise<FreshListing[]> {
    const seller = this.account(signer);
    const collection = this.collection(slug);
    return this.signListings(seller, collection, await this.mint(seller, collection, prices.length), prices);
  }

  private async signListings(
    seller: LocalAccount,
    collection: DevnetCollection,
    tokenIds: readonly bigint[],
    prices: readonly bigint[],
  ): Promise<FreshListing[]> {
    const [counter, block] = await Promise.all([
      this.clients.chain.readContract({
        address: this.manifest.seaport,
        abi: SEAPORT_ABI,
        functionName: 'getCounter',
        args: [seller.address],
      }),
      this.clients.chain.getBlock(),
    ]);
    const startTime = block.timestamp - START_EARLY_S;
    return Promise.all(
      tokenIds.map(async (tokenId, i) => {
        const order = listingOrder({
          offerer: seller.address,
          token: { address: collection.address, standard: 'erc721', royaltyBps: collection.royaltyBps },
          tokenId,
          amount: 1n,
          priceWei: prices[i]!,
          marketplace: { conduitKey: this.manifest.conduit.key, ...this.manifest.marketplaces.opensea },
          // The devnet's collections pay their ERC-2981 royalty to the deployer.
          royaltyRecipient: this.manifest.deployer,
          startTime,
          endTime: startTime + LIVE_FOR_S,
          salt: bytesToBigInt(randomBytes(16)),
          counter,
        });
        const signature = await seller.signTypedData(seaportTypedData(order, this.chainId, this.manifest.seaport));
        return { order, signature, tokenId, orderHash: seaportOrderHash(order), priceWei: orderPrice(order) };
      }),
    );
  }

  /**
   * Mints one token per price to `seller` and lists them on LooksRare v2 (the TransferManager approved and granted
   * first, as LooksRare's front end asks), posted to the order book.
   */
  async mintAndPostOnLooksRare(
    seller: DevnetSigner,
    slug: string,
    prices: readonly bigint[],
  ): Promise<FreshLooksRareListing[]> {
    const listings = await this.createLooksRareListings(seller, slug, prices);
    for (const listing of listings) {
      const posted = await this.api<PostListingData>(apiRoutes.postListing, {
        body: toLooksRarePostListing(listing.maker, listing.signature, this.chainId, this.manifest.looksRare.protocol),
      });
      if (posted.order_hash !== listing.orderHash) throw new Error(`the order book hashed ${posted.order_hash}`);
    }
    return listings;
  }

  /** Mints one token per price to `seller`, readies LooksRare's approvals and signs maker asks; posts nothing. */
  async createLooksRareListings(
    signer: DevnetSigner,
    slug: string,
    prices: readonly bigint[],
  ): Promise<FreshLooksRareListing[]> {
    const seller = this.account(signer);
    const collection = this.collection(slug);
    const tokenIds = await this.mint(seller, collection, prices.length);
    await this.approveLooksRare(seller, collection);
    const { protocol } = this.manifest.looksRare;
    const [globalNonce, block] = await Promise.all([
      askNonce(this.clients.chain, this.manifest.looksRare, seller.address),
      this.clients.chain.getBlock(),
    ]);
    const startTime = block.timestamp - START_EARLY_S;
    return Promise.all(
      tokenIds.map(async (tokenId, i) => {
        const maker = looksRareAsk({
          signer: seller.address,
          collection: collection.address,
          standard: 'erc721',
          tokenId,
          amount: 1n,
          priceWei: prices[i]!,
          startTime,
          endTime: startTime + LIVE_FOR_S,
          globalNonce,
          subsetNonce: 0n,
          orderNonce: bytesToBigInt(randomBytes(8)),
        });
        const signature = await seller.signTypedData(looksRareTypedData(maker, this.chainId, protocol));
        return { maker, signature, tokenId, orderHash: makerHash(maker), priceWei: maker.price };
      }),
    );
  }

  /** A rival buys one LooksRare ask with `executeTakerBid`; resolves once it is mined, fails if it reverted. */
  async fillLooksRareListing(buyer: DevnetSigner, listing: FreshLooksRareListing): Promise<Hex> {
    const hash = await this.clients.wallet(this.account(buyer)).writeContract({
      address: this.manifest.looksRare.protocol,
      abi: LOOKSRARE_ABI,
      functionName: 'executeTakerBid',
      args: takerBidArgs(listing),
      value: listing.priceWei,
    });
    await this.confirm(hash);
    return hash;
  }

  /** A rival buys one listing with Seaport's `fulfillOrder`; resolves once it is mined, fails if it reverted. */
  async fillListing(buyer: DevnetSigner, listing: SignedOrder): Promise<Hex> {
    const hash = await this.clients.wallet(this.account(buyer)).writeContract({
      address: this.manifest.seaport,
      abi: SEAPORT_ABI,
      functionName: 'fulfillOrder',
      args: fulfillOrderArgs(listing),
      value: orderPrice(listing.order),
    });
    await this.confirm(hash);
    return hash;
  }

  /**
   * A rival buys the OpenSea listing of `tokenId` that a wallet signed, alone or in a bulk, from the payload the
   * wallet showed and the signature it gave: what any buyer holding the signed order can do, whatever the app did
   * with it. Resolves once mined; fails if it reverted.
   */
  async fillSignedListing(buyer: DevnetSigner, signed: SignedTypedData, tokenId: bigint): Promise<Hex> {
    const bulk = signed.ask.primaryType === 'BulkOrder';
    const orders = (bulk ? flattenTree(signed.ask.message.tree) : [signed.ask.message]).map(signedOrder);
    const index = orders.findIndex((order) => order.offer[0]?.identifierOrCriteria === tokenId);
    const order = orders[index];
    if (!order) throw new Error(`the signed payload lists no token ${tokenId}`);
    const signature = bulk ? seaportBulkSignatures(orders, signed.signature)[index]! : signed.signature;
    return this.fillListing(buyer, { order, signature });
  }

  /** Who holds an ERC-721 token now; `null` for a token never minted. */
  ownerOf(collection: Address, tokenId: bigint): Promise<Address | null> {
    return ownerOf(this.clients.chain, collection, tokenId);
  }

  /** Waits for the transaction to be mined; fails if it reverted. */
  async confirm(hash: Hex): Promise<TransactionReceipt> {
    const receipt = await receiptOf(this.clients.chain, hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }

  /** The collection's fillable listings, cheapest first, as the app serves them (read signed in as `reader`). */
  async listings(reader: DevnetSigner, slug: string): Promise<ListingRow[]> {
    const { token, sign_num } = await this.signIn(this.account(reader));
    const { list } = await this.api<ListingsData>(apiRoutes.collectionListings, {
      query: { address: this.collection(slug).address },
      headers: { [AUTH_HEADER]: `Bearer ${sign_num}`, [ADDRESS_HEADER]: token },
    });
    return list;
  }

  /**
   * Mints `count` fresh tokens of `slug` to `owner` and approves nothing: a trader's own tokens, which listing from
   * the app must ask approvals for. Answers their ids.
   */
  async mintTo(owner: DevnetSigner, slug: string, count: number): Promise<bigint[]> {
    return this.mintTokens(this.account(owner), this.collection(slug), count);
  }

  private async mint(to: LocalAccount, collection: DevnetCollection, count: number): Promise<bigint[]> {
    // One after the other: both transactions come from `to`, and each takes the account's next nonce.
    const tokenIds = await this.mintTokens(to, collection, count);
    await this.approveConduit(to, collection);
    return tokenIds;
  }

  private async mintTokens(to: LocalAccount, collection: DevnetCollection, count: number): Promise<bigint[]> {
    const wallet = this.clients.wallet(to);
    const minted = await wallet.writeContract({
      address: collection.address,
      abi: MINT_ABI,
      functionName: 'mint',
      args: [to.address, BigInt(count)],
      value: collection.mintPriceWei * BigInt(count),
    });
    const receipt = await this.confirm(minted);
    // The bots mint too, so the ids are read from this mint's own Transfer events, not guessed from the supply.
    return parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: receipt.logs })
      .filter((log) => isAddressEqual(log.address, collection.address) && isAddressEqual(log.args.to, to.address))
      .map((log) => log.args.tokenId);
  }

  /**
   * The approvals `owner` still lacks to list `slug` on both marketplaces: OpenSea's conduit, LooksRare's
   * TransferManager on the collection, and the TransferManager's grant to LooksRare's exchange.
   */
  async missingApprovals(owner: DevnetSigner, slug: string): Promise<number> {
    const account = this.account(owner);
    const collection = this.collection(slug);
    const [conduitApproved, looksRare] = await Promise.all([
      this.conduitApproved(account, collection),
      missingLooksRareApprovals(this.clients.chain, this.manifest.looksRare, account.address, collection.address),
    ]);
    return (conduitApproved ? 0 : 1) + looksRare.length;
  }

  private conduitApproved(owner: LocalAccount, collection: DevnetCollection): Promise<boolean> {
    return this.clients.chain.readContract({
      address: collection.address,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [owner.address, this.manifest.conduit.address],
    });
  }

  /** Lets OpenSea's conduit move `owner`'s tokens of `collection`, unless it already may; resolves once mined. */
  private async approveConduit(owner: LocalAccount, collection: DevnetCollection): Promise<void> {
    if (await this.conduitApproved(owner, collection)) return;
    const approval = await this.clients.wallet(owner).writeContract({
      address: collection.address,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [this.manifest.conduit.address, true],
    });
    await this.confirm(approval);
  }

  /**
   * Lets LooksRare's TransferManager move `owner`'s tokens of `collection` and grants it to the exchange, each unless
   * already done; resolves once mined.
   */
  private async approveLooksRare(owner: LocalAccount, collection: DevnetCollection): Promise<void> {
    const wallet = this.clients.wallet(owner);
    const missing = await missingLooksRareApprovals(
      this.clients.chain,
      this.manifest.looksRare,
      owner.address,
      collection.address,
    );
    for (const transaction of missing) await this.confirm(await wallet.sendTransaction(transaction));
  }

  private async post(listings: readonly FreshListing[]): Promise<void> {
    for (const listing of listings) {
      const posted = await this.api<PostListingData>(apiRoutes.postListing, {
        body: toPostListing(listing, this.chainId, this.manifest.seaport),
      });
      if (posted.order_hash !== listing.orderHash) throw new Error(`the order book hashed ${posted.order_hash}`);
    }
  }

  private async expectCheapest(seller: LocalAccount, slug: string, listings: readonly FreshListing[]): Promise<void> {
    const rows = await this.listings(seller, slug);
    const shown = new Set(rows.map((row) => row.order_id));
    const missing = listings.filter((listing) => !shown.has(listing.orderHash));
    if (missing.length > 0)
      throw new Error(`${missing.length} of the new ${slug} listings are not fillable in the app`);
    const othersFloor = rows.find((row) => !isAddressEqual(row.from_address as Address, seller.address));
    const dearest = listings.reduce((max, listing) => (listing.priceWei > max ? listing.priceWei : max), 0n);
    if (othersFloor && dearest >= BigInt(othersFloor.price)) {
      throw new Error(
        `${slug}: a new listing asks ${formatEther(dearest)} ETH, not below the floor of ${formatEther(BigInt(othersFloor.price))} ETH`,
      );
    }
  }

  /** Sign-in as the app does it: the server's EIP-4361 notice, signed with `personal_sign`. */
  private async signIn(account: LocalAccount): Promise<LoginData> {
    const { notice } = await this.api<NoticeData>(apiRoutes.authNotice, { body: { address: account.address } });
    const signature = await account.signMessage({ message: notice });
    return this.api<LoginData>(apiRoutes.authLogin, { body: { address: account.address, message: notice, signature } });
  }

  private async api<T>(
    route: ApiRoute,
    request: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<T> {
    if (this.baseURL === undefined) throw new Error('this market was opened without the app (baseURL)');
    const url = new URL(route.path, this.baseURL);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method: route.method,
      headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...request.headers },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
    });
    const envelope = (await response.json()) as { status: number; msg: string; data: T };
    if (envelope.status !== Status.Ok)
      throw new Error(`${route.method} ${route.path}: ${envelope.status} ${envelope.msg}`);
    return envelope.data;
  }
}

/** The orders of a bulk payload's tree (`[2]` arrays nested), in leaf order, without the padding ones. */
function flattenTree(tree: unknown): unknown[] {
  if (!Array.isArray(tree)) return [tree];
  return tree.flatMap(flattenTree).filter((order) => (order as { offerer: string }).offerer !== zeroAddress);
}

/** An order as a wallet's EIP-712 payload carries it over JSON-RPC: every number may come as a decimal string. */
function signedOrder(json: unknown): OrderComponents {
  const order = orderFromJson(json as OrderComponentsJson);
  return {
    ...order,
    orderType: Number(order.orderType),
    offer: order.offer.map(withNumericType),
    consideration: order.consideration.map(withNumericType),
  };
}

function withNumericType<T extends { itemType: number }>(item: T): T {
  return { ...item, itemType: Number(item.itemType) };
}
