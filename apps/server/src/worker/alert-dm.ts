import { deliverFiring } from '../modules/alerts/service';
import type { Task } from './job';

export const ALERT_DM_TASK = 'alert-dm';

/**
 * Sends one alert firing as a DM (see deliverFiring). The chat client already waits out the service's rate limits
 * and retries its 5xx answers; a run that still fails is retried by pg-boss, 8 times over about four minutes, each
 * time with the same nonce, so the user gets the message once.
 */
export const alertDmTask: Task = {
  name: ALERT_DM_TASK,
  concurrency: 10,
  retryLimit: 8,
  run: ({ db, now, alerts }, id) => deliverFiring(db, alerts.bot, id, now()),
};
