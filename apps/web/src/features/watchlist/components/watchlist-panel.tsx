import { WATCHLIST_WINDOWS, type WatchlistWindow } from '@floordesk/protocol';
import * as Popover from '@radix-ui/react-popover';
import { clsx } from 'clsx';
import { LoaderCircle, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireLogin } from '../../../stores/login-prompt-store';
import { useWatchlist } from '../api/get-watchlist';
import { useWatchlistWindow } from '../watchlist-window-store';
import { WATCHLIST_COLUMNS, WatchlistRow } from './watchlist-row';

function WatchlistBody({ onOpenCollection }: { onOpenCollection: () => void }) {
  const { t } = useTranslation();
  const timeWindow = useWatchlistWindow((state) => state.value);
  const { data, isPending, isError, isPlaceholderData, refetch } = useWatchlist(timeWindow);

  if (isError) {
    return (
      <div className="flex flex-col items-center gap-2 px-3 py-6 text-center text-muted">
        <p>{t('watchlist.error')}</p>
        <button type="button" className="button-primary" onClick={() => void refetch()}>
          {t('watchlist.retry')}
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p className="flex items-center justify-center gap-2 px-3 py-6 text-faint">
        <LoaderCircle size={14} className="animate-spin" aria-hidden />
        {t('app.loading')}
      </p>
    );
  }
  if (data.list.length === 0) return <p className="px-3 py-6 text-center text-muted">{t('watchlist.empty')}</p>;
  return (
    <>
      <div className={clsx(WATCHLIST_COLUMNS, 'mr-8 px-3 pb-1 text-[11px] text-faint')} aria-hidden>
        <span>{t('watchlist.collection')}</span>
        <span className="text-right">{t('watchlist.trades')}</span>
        <span className="text-right">{t('watchlist.floor')}</span>
      </div>
      <ul
        aria-busy={isPlaceholderData}
        className={clsx('max-h-[min(60vh,480px)] overflow-y-auto px-1 pb-1', isPlaceholderData && 'opacity-60')}
      >
        {data.list.map((row) => (
          <WatchlistRow key={row.address} row={row} onOpen={onOpenCollection} />
        ))}
      </ul>
    </>
  );
}

/** The header's watchlist: a star button opening the followed collections over a chosen window. */
export function WatchlistPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const timeWindow = useWatchlistWindow((state) => state.value);
  const setWindow = useWatchlistWindow((state) => state.set);

  return (
    <Popover.Root open={open} onOpenChange={(next) => setOpen(next && requireLogin())}>
      <Popover.Trigger
        className={clsx('icon-button data-[state=open]:text-accent', className)}
        aria-label={t('watchlist.open')}
      >
        <Star size={16} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="end"
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 w-[min(380px,calc(100vw-16px))] rounded-md border border-line bg-panel text-fg shadow-2xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
            <h2 id={titleId} className="font-semibold">
              {t('watchlist.title')}
            </h2>
            <select
              value={timeWindow}
              onChange={(event) => setWindow(Number(event.target.value) as WatchlistWindow)}
              aria-label={t('watchlist.window')}
              className="h-7 rounded-md border border-line bg-raised px-1.5 text-fg focus:border-accent/60 focus:outline-none"
            >
              {WATCHLIST_WINDOWS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t(`market.window_long.${minutes}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="pt-2">
            <WatchlistBody onOpenCollection={() => setOpen(false)} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
