import type { Address, Chain, Hex, LocalAccount, PublicClient, Transport } from 'viem';
import { type DevnetLooksRare, missingLooksRareApprovals } from '../looksrare';
import { type Random, randomUint } from '../random';
import { getOrCreate, looksRareApprovalKey } from './collections';
import type { Sender } from './sender';

/** Each bot spreads its LooksRare asks over this many subset nonces: cancelling one ends a group of them. */
export const SUBSETS_PER_BOT = 3;
/** Order and subset nonces are 64 random bits. */
const NONCE_WORDS = 2;

/**
 * What the bots keep as LooksRare sellers, as LooksRare's front end keeps it for a wallet: the collections on which the
 * exchange may move their NFTs, and the subset nonces their asks carry. Nonces are random rather than counted, so a
 * simulator started again on the same chain never reuses one that an earlier run spent or cancelled.
 */
export class LooksRareSellers {
  /** `seller:collection` pairs whose approvals are on chain; bots never revoke them. */
  private approved = new Set<string>();
  private subsets = new Map<string, bigint[]>();
  private landed: Array<{ seller: Address; collection: Address }> = [];

  constructor(
    private readonly deps: {
      client: PublicClient<Transport, Chain>;
      looksRare: DevnetLooksRare;
      sender: Sender;
      random: Random;
    },
  ) {}

  /**
   * Sends the approvals the seller still lacks before asking on LooksRare in the collection; returns the last one sent,
   * or null when the seller has them all. The ask waits until they are mined, since the order book checks both on chain
   * before it takes one: they claim looksRareApprovalKey until they land, and then takeLanded names the seller.
   */
  async approve(seller: LocalAccount, collection: Address): Promise<Hex | null> {
    const pair = `${seller.address.toLowerCase()}:${collection.toLowerCase()}`;
    if (this.approved.has(pair)) return null;
    const { client, looksRare, sender } = this.deps;
    const missing = await missingLooksRareApprovals(client, looksRare, seller.address, collection);
    const last = missing.pop();
    if (!last) {
      this.approved.add(pair);
      return null;
    }
    const keys = [looksRareApprovalKey(seller.address)];
    for (const tx of missing) await sender.send(seller, tx, { keys });
    return sender.send(seller, last, {
      keys,
      onSettled: (settlement) => {
        if (settlement === 'success') this.landed.push({ seller: seller.address, collection });
      },
    });
  }

  /** A seller whose approvals have landed since, with the collection it sent them for. */
  takeLanded(): { seller: Address; collection: Address } | undefined {
    return this.landed.shift();
  }

  /** One of the seller's subset nonces for a new ask. */
  subsetNonce(seller: Address): bigint {
    return this.deps.random.pick(this.subsetsOf(seller));
  }

  /** Takes a subset nonce out of use as its cancellation is sent: the exchange never lets it fill again. */
  retireSubset(seller: Address, subsetNonce: bigint): void {
    const subsets = this.subsetsOf(seller);
    const index = subsets.indexOf(subsetNonce);
    if (index >= 0) subsets[index] = randomUint(this.deps.random, NONCE_WORDS);
  }

  /** A fresh order nonce: each ask has its own, spent by the trade that fills it. */
  orderNonce(): bigint {
    return randomUint(this.deps.random, NONCE_WORDS);
  }

  private subsetsOf(seller: Address): bigint[] {
    return getOrCreate(this.subsets, seller.toLowerCase(), () =>
      Array.from({ length: SUBSETS_PER_BOT }, () => randomUint(this.deps.random, NONCE_WORDS)),
    );
  }
}
