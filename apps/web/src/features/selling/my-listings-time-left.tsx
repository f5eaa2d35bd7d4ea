import { useSyncExternalStore } from 'react';
import { formatDate } from '../../lib/dates';
import { formatTimeLeft } from './my-listings-format';
import { useMyListingsTexts } from './my-listings-texts';

/** One clock for every countdown of the table, ticking each second while any shows. */
const listeners = new Set<() => void>();
let nowSeconds = Math.floor(Date.now() / 1000);
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  nowSeconds = Math.floor(Date.now() / 1000);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    // The clock stood still while nothing showed it.
    nowSeconds = Math.floor(Date.now() / 1000);
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => nowSeconds;

/** A live countdown to `expiresAt` (unix seconds, null for never); the exact end in its title. */
export function TimeLeft({ expiresAt }: { expiresAt: number | null }) {
  const { t } = useMyListingsTexts();
  const now = useSyncExternalStore(subscribe, getNow);
  return (
    <span
      data-testid="my-listing-left"
      title={expiresAt === null ? undefined : formatDate(expiresAt)}
      className="font-mono whitespace-nowrap tabular-nums"
    >
      {formatTimeLeft(expiresAt, now, t)}
    </span>
  );
}
