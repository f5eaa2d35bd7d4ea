/**
 * The worker's alert jobs alone, in their own process, for the crash test: a SIGKILL mid-send must cost nothing but
 * a retry. Env: DATABASE_URL, CHAT_API_URL, CHAT_BOT_TOKEN. Dead workers' task runs are retried after 2 s.
 */
import pino from 'pino';
import type { ChainAccess } from '../chain/client';
import { discordBot } from '../chat/discord';
import { connectDatabase } from '../db/pool';
import { createGuardedFetch } from '../net/guarded-fetch';
import { alertDmTask } from '../worker/alert-dm';
import { alertEvaluationJob } from '../worker/alert-evaluation';
import { startWorker } from '../worker/worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const database = connectDatabase(env('DATABASE_URL'), () => {});
await startWorker({
  pool: database.pool,
  jobs: [alertEvaluationJob],
  tasks: [alertDmTask],
  crashTimings: { maintenanceSeconds: 1, taskExpiresSeconds: 2 },
  context: {
    db: database.db,
    // The alert jobs read the indexed rows, never the chain itself.
    chain: {} as ChainAccess,
    now: () => new Date(),
    log: pino({ level: 'silent' }),
    flagged: [],
    fetchUri: createGuardedFetch({ ipfsGateway: new URL('https://ipfs.io/ipfs/'), allowedOrigins: [] }),
    alerts: {
      origin: 'http://floordesk.test',
      bot: discordBot({ apiUrl: env('CHAT_API_URL'), botToken: env('CHAT_BOT_TOKEN') }),
    },
  },
});
process.stdout.write('worker started\n');
