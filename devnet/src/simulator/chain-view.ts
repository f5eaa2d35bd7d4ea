import { LOOKSRARE_EVENTS } from '@floordesk/contracts';
import { type Address, type Chain, type Hex, type PublicClient, type Transport, parseAbi, zeroAddress } from 'viem';
import { getOrCreate, type SimCollection } from './collections';

const TOKEN_AND_SEAPORT_EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, (uint8 itemType, address token, uint256 identifier, uint256 amount)[] offer, (uint8 itemType, address token, uint256 identifier, uint256 amount, address recipient)[] consideration)',
  'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
  'event CounterIncremented(uint256 newCounter, address indexed offerer)',
]);
/** The events the traders follow: the tokens' transfers, Seaport's and LooksRare's. */
const EVENTS = [...TOKEN_AND_SEAPORT_EVENTS, ...LOOKSRARE_EVENTS];

/** Keeps each getLogs answer small however long the devnet has run. */
const LOG_BLOCK_RANGE = 5_000n;

export type Holding = { collection: Address; tokenId: bigint; amount: bigint };

/**
 * What the chain says, as far as the traders care: the bots' NFTs, their Seaport counters and LooksRare ask nonces,
 * and how many tokens each ERC-721 collection has minted. Built from the logs of block 0 on (the devnet is small) and
 * then followed block by block, so trades by anyone (the app's users too) are seen, not only the simulator's own.
 */
export class ChainView {
  /** collection → bot → token id → amount (addresses lowercased). */
  private holdings = new Map<string, Map<string, Map<bigint, bigint>>>();
  private counters = new Map<string, bigint>();
  private askNonces = new Map<string, bigint>();
  private minted = new Map<string, bigint>();
  private head: { number: bigint; hash: Hex } | null = null;
  private readonly bots: ReadonlySet<string>;

  constructor(
    private readonly client: PublicClient<Transport, Chain>,
    private readonly options: {
      bots: readonly Address[];
      collections: readonly SimCollection[];
      seaport: Address;
      looksRare: Address;
      /** An order was filled or cancelled on chain. */
      onOrderGone: (orderHash: Hex) => void;
      /** A LooksRare signer cancelled order or subset nonces: every ask carrying one is gone. */
      onNoncesCancelled: (signer: Address, kind: 'order' | 'subset', nonces: readonly bigint[]) => void;
    },
  ) {
    this.bots = new Set(options.bots.map((bot) => bot.toLowerCase()));
  }

  /** The last block applied. */
  get block(): bigint | null {
    return this.head?.number ?? null;
  }

  /** Applies the blocks mined since the last sync; starts over from block 0 if the chain was rewound. */
  async sync(): Promise<void> {
    const latest = await this.client.getBlock({ blockTag: 'latest' });
    if (this.head && latest.number === this.head.number && latest.hash === this.head.hash) return;
    if (this.head && !(await this.extends(latest))) this.reset();
    const fromBlock = this.head ? this.head.number + 1n : 0n;
    const logs = await this.client.getLogs({
      address: [
        ...this.options.collections.map((collection) => collection.address),
        this.options.seaport,
        this.options.looksRare,
      ],
      events: EVENTS,
      fromBlock,
      toBlock: latest.number,
      blockRange: LOG_BLOCK_RANGE,
      strict: true,
    });
    for (const log of logs) {
      switch (log.eventName) {
        case 'Transfer':
          this.move(log.address, log.args.tokenId, log.args.from, log.args.to, 1n);
          if (log.args.from === zeroAddress)
            this.minted.set(log.address.toLowerCase(), this.mintedCount(log.address) + 1n);
          break;
        case 'TransferSingle':
          this.move(log.address, log.args.id, log.args.from, log.args.to, log.args.value);
          break;
        case 'TransferBatch':
          log.args.ids.forEach((id, i) =>
            this.move(log.address, id, log.args.from, log.args.to, log.args.values[i] ?? 0n),
          );
          break;
        case 'OrderFulfilled':
        case 'OrderCancelled':
          if (isFrom(log, this.options.seaport)) this.options.onOrderGone(log.args.orderHash);
          break;
        case 'CounterIncremented':
          // Seaport 1.6 raises a counter by a quasi-random amount, so only the event tells the new value.
          if (isFrom(log, this.options.seaport)) this.counters.set(log.args.offerer.toLowerCase(), log.args.newCounter);
          break;
        case 'TakerAsk':
          // A maker bid accepted: the bots place no bids, and the NFT's Transfer moves the holding.
          break;
        case 'TakerBid':
          if (isFrom(log, this.options.looksRare)) {
            this.options.onOrderGone(log.args.nonceInvalidationParameters.orderHash);
          }
          break;
        case 'NewBidAskNonces':
          // LooksRare, too, raises the nonce by a quasi-random amount.
          if (isFrom(log, this.options.looksRare)) this.askNonces.set(log.args.user.toLowerCase(), log.args.askNonce);
          break;
        case 'OrderNoncesCancelled':
          if (isFrom(log, this.options.looksRare)) {
            this.options.onNoncesCancelled(log.args.user, 'order', log.args.orderNonces);
          }
          break;
        case 'SubsetNoncesCancelled':
          if (isFrom(log, this.options.looksRare)) {
            this.options.onNoncesCancelled(log.args.user, 'subset', log.args.subsetNonces);
          }
          break;
        default:
          log satisfies never;
      }
    }
    this.head = { number: latest.number, hash: latest.hash };
  }

  balance(owner: Address, collection: Address, tokenId: bigint): bigint {
    return this.holdings.get(collection.toLowerCase())?.get(owner.toLowerCase())?.get(tokenId) ?? 0n;
  }

  /** The bots holding anything of the collection. */
  holders(collection: Address): Address[] {
    const owners = this.holdings.get(collection.toLowerCase());
    if (!owners) return [];
    return [...owners].filter(([, tokens]) => tokens.size > 0).map(([owner]) => owner as Address);
  }

  holdingsOf(owner: Address, collection: Address): Holding[] {
    const tokens = this.holdings.get(collection.toLowerCase())?.get(owner.toLowerCase());
    return tokens ? [...tokens].map(([tokenId, amount]) => ({ collection, tokenId, amount })) : [];
  }

  /** The owner's Seaport counter. */
  counter(owner: Address): bigint {
    return this.counters.get(owner.toLowerCase()) ?? 0n;
  }

  /** The owner's LooksRare ask nonce. */
  askNonce(owner: Address): bigint {
    return this.askNonces.get(owner.toLowerCase()) ?? 0n;
  }

  /** ERC-721 only: tokens minted so far, which is also the highest token id. */
  mintedCount(collection: Address): bigint {
    return this.minted.get(collection.toLowerCase()) ?? 0n;
  }

  private async extends(latest: { number: bigint; parentHash: Hex }): Promise<boolean> {
    const head = this.head;
    if (!head || latest.number < head.number) return false;
    if (latest.number === head.number + 1n) return latest.parentHash === head.hash;
    const block = await this.client.getBlock({ blockNumber: head.number });
    return block.hash === head.hash;
  }

  private reset(): void {
    this.holdings.clear();
    this.counters.clear();
    this.askNonces.clear();
    this.minted.clear();
    this.head = null;
  }

  private move(collection: Address, tokenId: bigint, from: Address, to: Address, amount: bigint): void {
    if (this.bots.has(from.toLowerCase())) this.add(collection, from, tokenId, -amount);
    if (this.bots.has(to.toLowerCase())) this.add(collection, to, tokenId, amount);
  }

  private add(collection: Address, owner: Address, tokenId: bigint, amount: bigint): void {
    const owners = getOrCreate(this.holdings, collection.toLowerCase(), () => new Map<string, Map<bigint, bigint>>());
    const tokens = getOrCreate(owners, owner.toLowerCase(), () => new Map<bigint, bigint>());
    const balance = (tokens.get(tokenId) ?? 0n) + amount;
    if (balance > 0n) tokens.set(tokenId, balance);
    else tokens.delete(tokenId);
  }
}

/** An exchange's event counts only from that exchange: any contract the same query reads can emit its signature. */
function isFrom(log: { address: Address }, exchange: Address): boolean {
  return log.address.toLowerCase() === exchange.toLowerCase();
}
