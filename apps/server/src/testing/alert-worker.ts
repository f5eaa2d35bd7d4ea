import type { Pool } from 'pg';
import pino from 'pino';
import type { ChainAccess } from '../chain/client';
import type { ChatBot } from '../chat/chat-bot';
import type { Database } from '../db/pool';
import { createGuardedFetch } from '../net/guarded-fetch';
import { alertDmTask } from '../worker/alert-dm';
import { alertEvaluationJob } from '../worker/alert-evaluation';
import { startWorker, type Worker } from '../worker/worker';

/**
 * The worker with only the alert jobs (evaluation and DMs), for the tests and benches that follow alerts to the
 * chat service. `chain` is given where a bench has one; the alert jobs read indexed rows, never the chain itself.
 */
export function startAlertWorker(options: {
  pool: Pool;
  db: Database;
  bot: ChatBot;
  origin: string;
  chain?: ChainAccess;
  crashTimings?: Parameters<typeof startWorker>[0]['crashTimings'];
}): Promise<Worker> {
  return startWorker({
    pool: options.pool,
    jobs: [alertEvaluationJob],
    tasks: [alertDmTask],
    ...(options.crashTimings && { crashTimings: options.crashTimings }),
    context: {
      db: options.db,
      chain: options.chain ?? ({} as ChainAccess),
      now: () => new Date(),
      log: pino({ level: 'silent' }),
      flagged: [],
      fetchUri: createGuardedFetch({ ipfsGateway: new URL('https://ipfs.io/ipfs/'), allowedOrigins: [] }),
      alerts: { origin: options.origin, bot: options.bot },
      listingConnectors: [],
    },
  });
}
