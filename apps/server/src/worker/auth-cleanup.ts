import { deleteEndedAuth } from '../modules/auth/store';
import type { Job, JobContext } from './job';

/** Ended sessions stay a week (who was signed in, and when), then go. */
const ENDED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes spent and expired sign-in nonces and long-ended sessions; every 10 minutes is plenty for either. */
export const authCleanupJob = {
  name: 'auth-cleanup',
  schedule: { cron: '*/10 * * * *' },
  run: ({ db, now }: Pick<JobContext, 'db' | 'now'>) => {
    const at = now();
    return deleteEndedAuth(db, at, new Date(at.getTime() - ENDED_SESSION_RETENTION_MS));
  },
} satisfies Job;
