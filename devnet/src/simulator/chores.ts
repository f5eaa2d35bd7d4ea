import { type Chain, encodeFunctionData, type LocalAccount, type PublicClient, type Transport } from 'viem';
import type { DevnetManifest } from '../deploy';
import { DEVNET_ERC721_ABI, ETH_USD_FEED_ABI } from '../devnet-abi';
import type { Random } from '../random';
import type { SimCollection } from './collections';
import type { Sender } from './sender';

const FEED = {
  everyMs: 60_000,
  jitterMs: 10_000,
  /** Largest step, as a fraction of the price. */
  step: 0.004,
  /** With 8 decimals: $1,500 .. $6,000. */
  bounds: [1_500_00000000n, 6_000_00000000n],
} as const;

export type ChoreLog = (message: string, details?: Record<string, unknown>) => void;

/**
 * The deployer's duties while the market runs: reveal the hidden collection when it is due, and move the ETH/USD
 * feed a small random step about once a minute.
 */
export class Chores {
  private hidden: SimCollection[] = [];
  private revealSent = new Set<string>();
  private answer: bigint | null = null;
  private nextFeedAt: number;

  constructor(
    private readonly ctx: {
      client: PublicClient<Transport, Chain>;
      manifest: DevnetManifest;
      collections: readonly SimCollection[];
      deployer: LocalAccount;
      sender: Sender;
      random: Random;
      log: ChoreLog;
    },
    startedAt: number,
  ) {
    this.nextFeedAt = startedAt + FEED.everyMs;
  }

  async init(): Promise<void> {
    const { client, manifest, collections } = this.ctx;
    const revealed = await Promise.all(
      collections
        .filter((c) => c.spec.revealAfterMs !== undefined)
        .map(async (c) => ({
          collection: c,
          revealed: await client.readContract({ address: c.address, abi: DEVNET_ERC721_ABI, functionName: 'revealed' }),
        })),
    );
    this.hidden = revealed.filter((r) => !r.revealed).map((r) => r.collection);
    const [, answer] = await client.readContract({
      address: manifest.ethUsdFeed,
      abi: ETH_USD_FEED_ABI,
      functionName: 'latestRoundData',
    });
    this.answer = answer;
  }

  async run(now: number): Promise<void> {
    await this.reveal(now);
    await this.moveFeed(now);
  }

  private async reveal(now: number): Promise<void> {
    const createdAt = Date.parse(this.ctx.manifest.createdAt);
    for (const collection of this.hidden) {
      const due = createdAt + (collection.spec.revealAfterMs ?? 0);
      if (now < due || this.revealSent.has(collection.slug)) continue;
      this.revealSent.add(collection.slug);
      try {
        await this.ctx.sender.send(
          this.ctx.deployer,
          { to: collection.address, data: encodeFunctionData({ abi: DEVNET_ERC721_ABI, functionName: 'reveal' }) },
          {
            onSettled: (settlement, hash) => {
              if (settlement === 'success') {
                this.hidden = this.hidden.filter((c) => c !== collection);
                this.ctx.log(`revealed ${collection.slug}`, { tx: hash });
              } else {
                this.revealSent.delete(collection.slug);
              }
            },
          },
        );
      } catch (error) {
        this.revealSent.delete(collection.slug);
        throw error;
      }
    }
  }

  private async moveFeed(now: number): Promise<void> {
    if (this.answer === null || now < this.nextFeedAt) return;
    const { random } = this.ctx;
    this.nextFeedAt = now + FEED.everyMs + (random.next() * 2 - 1) * FEED.jitterMs;
    const step = (random.next() * 2 - 1) * FEED.step;
    const next = clamp(this.answer + BigInt(Math.round(Number(this.answer) * step)), ...FEED.bounds);
    await this.ctx.sender.send(this.ctx.deployer, {
      to: this.ctx.manifest.ethUsdFeed,
      data: encodeFunctionData({ abi: ETH_USD_FEED_ABI, functionName: 'updateAnswer', args: [next] }),
    });
    this.answer = next;
  }
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}
