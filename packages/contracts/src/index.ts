import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadJob } from './cache';
import { JOBS, type Artifact, type ContractName } from './compile';

export type { Artifact, ImmutableReferences } from './compile';
/** For tests that compile a job afresh, outside the cache, to check what a cached artifact deployed. */
export { compile, JOBS } from './compile';

export type Artifacts = Record<ContractName, Artifact> & {
  /** Changes whenever any artifact may have changed: a devnet snapshot built from other artifacts is stale. */
  hash: string;
};

export type LoadArtifactsOptions = {
  cacheDir?: string;
  /** Called before each compile, never when the cache is warm. */
  onProgress?: (message: string) => void;
};

/** Git-ignored; artifacts depend only on installed packages and our sources, so they are safe to share. */
export const DEFAULT_CACHE_DIR = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/**
 * Seaport 1.6 (byte-identical to mainnet's), ConduitController, LooksRare v2, FloorDesk's subscription contract and the
 * devnet's test contracts and WETH. Compiles what the cache lacks (Seaport ~40 s, the rest a few seconds each) and
 * otherwise reads the cache in milliseconds.
 */
export async function loadArtifacts(options: LoadArtifactsOptions = {}): Promise<Artifacts> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const hash = createHash('sha256');
  const contracts: Partial<Record<ContractName, Artifact>> = {};
  // One job at a time: solcjs is single-threaded and blocks the event loop anyway.
  for (const job of JOBS) {
    const entry = await loadJob(job, cacheDir, options.onProgress);
    hash.update(entry.key);
    Object.assign(contracts, entry.contracts);
  }
  return { ...(contracts as Record<ContractName, Artifact>), hash: hash.digest('hex') };
}
export * from './orders';
export { MAINNET_SEAPORT_DEPLOYMENT } from './mainnet-seaport';
export { receiptOf } from './receipts';
export {
  QUOTE_TYPES,
  signQuote,
  type SubscriptionQuote,
  SUBSCRIPTIONS_ABI,
  subscriptionsDomain,
} from './subscriptions';
