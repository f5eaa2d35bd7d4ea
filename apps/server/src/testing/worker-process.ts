/**
 * The worker's alert jobs alone, in their own process, for the crash test: a SIGKILL mid-send must cost nothing but
 * a retry. Env: DATABASE_URL, CHAT_API_URL, CHAT_BOT_TOKEN. Dead workers' task runs are retried after 2 s.
 */
import { discordBot } from '../chat/discord';
import { connectDatabase } from '../db/pool';
import { startAlertWorker } from './alert-worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const database = connectDatabase(env('DATABASE_URL'), () => {});
await startAlertWorker({
  pool: database.pool,
  db: database.db,
  bot: discordBot({ apiUrl: env('CHAT_API_URL'), botToken: env('CHAT_BOT_TOKEN') }),
  origin: 'http://floordesk.test',
  crashTimings: { maintenanceSeconds: 1, taskExpiresSeconds: 2 },
});
process.stdout.write('worker started\n');
