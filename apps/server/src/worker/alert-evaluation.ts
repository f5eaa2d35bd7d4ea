import { BLOCKS_CHANNEL } from '../chain/indexer';
import { evaluateAlerts, PassMemory, TrendWindows } from '../modules/alerts/service';
import { ALERT_DM_TASK } from './alert-dm';
import type { Job } from './job';

/**
 * Evaluates every active alert (see evaluateAlerts): after each block the indexer stores (its NOTIFY), and every second between
 * blocks (listings and the mempool move without one; reminders come due). One pass at a time across workers; the DMs
 * of its firings go out as runs of the alert-dm task, started right after the pass.
 */
/** This process's copy of the settled rollup minutes, and of the alerts and states, kept between passes. */
const windows = new TrendWindows();
const memory = new PassMemory();

export const alertEvaluationJob: Job = {
  name: 'alert-evaluation',
  schedule: { everySeconds: 1, wakeOn: BLOCKS_CHANNEL },
  async run({ db, now, alerts, tasks }) {
    // Without a bot nothing could be sent: firings would only pile up to be dropped.
    if (!alerts.bot) return { skipped: 'no chat bot' };
    const evaluation = await evaluateAlerts(db, {
      now: now(),
      origin: alerts.origin,
      enqueue: (tx, ids) => tasks.enqueue(tx, ALERT_DM_TASK, ids),
      windows,
      memory,
    });
    if (evaluation.queued.length > 0) tasks.wake(ALERT_DM_TASK);
    return { queued: evaluation.queued.length, limited: evaluation.limited };
  },
};
