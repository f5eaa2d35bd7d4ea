import type { TFunction } from 'i18next';
import type { SweepRow, SweepRowStatus } from './api/sweep-order';
import type { SweepPhase } from './sweep-run-store';

export type StatusTone = 'progress' | 'good' | 'bad' | 'quiet';

/** How a row's status reads, with the reason in words for a skipped one. */
export function statusText(row: SweepRow, phase: SweepPhase, t: TFunction): string {
  if (row.status === 'standby') {
    // A spare is bought only in place of another; once the sweep is over, an unused one was not needed.
    return t(phase === 'done' || phase === 'failed' ? 'sweep.spare_unused' : 'sweep.spare');
  }
  const text = t(`sweep.status.${row.status}`);
  if (row.status !== 'skipped' || !row.reason) return text;
  return t('sweep.status_reason', { status: text, reason: t(`sweep.reason.${row.reason}`) });
}

export function statusTone(status: SweepRowStatus): StatusTone {
  switch (status) {
    case 'in_progress':
      return 'progress';
    case 'bought':
      return 'good';
    case 'skipped':
    case 'blur_unsupported':
    case 'standby':
      return 'quiet';
    default:
      return 'bad';
  }
}
