import { alertDmTask } from './alert-dm';
import { alertEvaluationJob } from './alert-evaluation';
import { authCleanupJob } from './auth-cleanup';
import { flagsJob } from './flags';
import { flippersJob } from './flippers';
import type { Job, Task } from './job';
import { listingExpiryJob } from './listing-expiry';
import { marketplaceListingsJob } from './marketplace-listings';
import { metadataJob } from './metadata';
import { rarityJob } from './rarity';
import { transactionsBackfillJob } from './transactions-backfill';

/** Every job the worker role runs: a new job is its own file and one line here. */
export const JOBS: readonly Job[] = [
  metadataJob,
  listingExpiryJob,
  rarityJob,
  flagsJob,
  authCleanupJob,
  alertEvaluationJob,
  flippersJob,
  transactionsBackfillJob,
  marketplaceListingsJob,
];

/** Every task (work items jobs hand on): likewise. */
export const TASKS: readonly Task[] = [alertDmTask];
