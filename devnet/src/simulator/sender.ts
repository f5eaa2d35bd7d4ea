import {
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  TransactionReceiptNotFoundError,
  type Transport,
  type WalletClient,
} from 'viem';

/** A transaction this long unmined was dropped (anvil mines every pending transaction within a block or two). */
const DROPPED_AFTER_MS = 2 * 60_000;

export type Settlement = 'success' | 'reverted' | 'dropped';

export type FlightClaims = {
  /**
   * What the transaction uses up, by key: holdings (holdingKey) it moves, or an account's counter (counterKey).
   * Nothing else may list, sell or move a claimed holding, or sign with a claimed counter, until it settles.
   */
  keys?: readonly string[];
  /** Orders it fills or cancels. */
  orders?: readonly Hex[];
  onSettled?: (settlement: Settlement, hash: Hex) => void;
};

type Flight = FlightClaims & { hash: Hex; from: string; sentAt: number };

/**
 * Sends without waiting for receipts (one block per action would cap the rate at one transaction per block) and
 * settles them on later ticks. Nonces are counted per account, so a bot can have several transactions in one block.
 */
export class Sender {
  private nonces = new Map<string, number>();
  private flights = new Map<Hex, Flight>();
  private claimedKeys = new Map<string, number>();
  private claimedOrders = new Map<string, number>();
  private settledThrough: bigint | null = null;

  constructor(
    private readonly client: PublicClient<Transport, Chain>,
    private readonly wallet: WalletClient<Transport, Chain>,
    private readonly now: () => number,
  ) {}

  async send(
    account: Account,
    tx: { to: Address; data: Hex; value?: bigint },
    claims: FlightClaims = {},
  ): Promise<Hex> {
    const from = account.address.toLowerCase();
    const nonce =
      this.nonces.get(from) ??
      (await this.client.getTransactionCount({ address: account.address, blockTag: 'pending' }));
    let hash: Hex;
    try {
      hash = await this.wallet.sendTransaction({ account, chain: this.wallet.chain, ...tx, nonce });
    } catch (error) {
      // The chain's count is the truth again after anything unexpected.
      this.nonces.delete(from);
      throw error;
    }
    this.nonces.set(from, nonce + 1);
    this.flights.set(hash, { ...claims, hash, from, sentAt: this.now() });
    adjust(this.claimedKeys, claims.keys ?? [], 1);
    adjust(this.claimedOrders, (claims.orders ?? []).map(lower), 1);
    return hash;
  }

  isClaimed(key: string): boolean {
    return this.claimedKeys.has(key);
  }

  isOrderClaimed(orderHash: Hex): boolean {
    return this.claimedOrders.has(lower(orderHash));
  }

  get inFlight(): number {
    return this.flights.size;
  }

  /**
   * Settles the transactions mined up to `block`: the chain view has applied that block, so releasing their claims
   * cannot expose a token the view still thinks is elsewhere.
   */
  async settle(block: bigint): Promise<void> {
    // Nothing sent since the last look can be in a block the view had already seen, so only a new block can settle.
    const newBlock = this.settledThrough === null || block > this.settledThrough;
    this.settledThrough = block;
    await Promise.all(
      [...this.flights.values()].map(async (flight) => {
        if (!newBlock) {
          this.dropIfStale(flight);
          return;
        }
        try {
          const receipt = await this.client.getTransactionReceipt({ hash: flight.hash });
          if (receipt.blockNumber <= block) this.land(flight, receipt.status);
        } catch (error) {
          if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
          this.dropIfStale(flight);
        }
      }),
    );
  }

  private dropIfStale(flight: Flight): void {
    if (this.now() - flight.sentAt <= DROPPED_AFTER_MS) return;
    this.nonces.delete(flight.from);
    this.land(flight, 'dropped');
  }

  private land(flight: Flight, settlement: Settlement): void {
    if (!this.flights.delete(flight.hash)) return;
    adjust(this.claimedKeys, flight.keys ?? [], -1);
    adjust(this.claimedOrders, (flight.orders ?? []).map(lower), -1);
    flight.onSettled?.(settlement, flight.hash);
  }
}

function lower(hash: Hex): string {
  return hash.toLowerCase();
}

function adjust(counts: Map<string, number>, keys: readonly string[], by: 1 | -1): void {
  for (const key of keys) {
    const count = (counts.get(key) ?? 0) + by;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  }
}
