import { deleteExpiredCredentials } from '../live/credentials';
import { deleteEndedAuth } from '../modules/auth/store';
import type { Job, JobContext } from './job';

/** Ended sessions stay a week (who was signed in, and when), then go. */
const ENDED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes spent and expired sign-in nonces, long-ended sessions and expired live-notification credentials; every 10
 * minutes is plenty for each.
 */
export const authCleanupJob = {
  name: 'auth-cleanup',
  schedule: { cron: '*/10 * * * *' },
  run: async ({ db, now }: Pick<JobContext, 'db' | 'now'>) => {
    const at = now();
    await deleteExpiredCredentials(db, at);
    return deleteEndedAuth(db, at, new Date(at.getTime() - ENDED_SESSION_RETENTION_MS));
  },
} satisfies Job;
