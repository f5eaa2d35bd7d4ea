import { SweepItemStatus } from '@floordesk/protocol';
import type { TFunction } from 'i18next';
import type { SweepPhase, SweepRow } from './sweep-run-store';

const KNOWN: ReadonlySet<number> = new Set(Object.values(SweepItemStatus));

export type StatusTone = 'progress' | 'good' | 'bad' | 'quiet';

/** How a row's status reads (spec §8 "Sweep item messages"), with the skip reason in words for a 5000. */
export function statusText(row: SweepRow, phase: SweepPhase, t: TFunction): string {
  if (row.is_buy === null) {
    // A spare is bought only in place of another; once the sweep is over, an unused one was not needed.
    return t(phase === 'done' || phase === 'failed' ? 'sweep.spare_unused' : 'sweep.spare');
  }
  if (!KNOWN.has(row.is_buy)) return t('sweep.status.other');
  const text = t(`sweep.status.${row.is_buy as SweepItemStatus}`);
  if (row.is_buy !== SweepItemStatus.Skipped || !row.reason) return text;
  return t('sweep.status_reason', { status: text, reason: t(`sweep.reason.${row.reason}`) });
}

export function statusTone(status: number | null): StatusTone {
  switch (status) {
    case SweepItemStatus.InProgress:
      return 'progress';
    case SweepItemStatus.Bought:
      return 'good';
    case SweepItemStatus.Skipped:
    case null:
      return 'quiet';
    default:
      return 'bad';
  }
}
