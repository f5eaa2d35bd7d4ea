import { type CollectionRow, WATCHLIST_WINDOWS } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { Segmented } from '../../../components/ui/segmented';
import { SignInPrompt } from '../../../components/ui/sign-in-prompt';
import { collectionPath } from '../../../lib/collection-path';
import { changeColour, formatChange, formatCount, formatEth, NO_VALUE, shortAddress } from '../../../lib/format';
import { useMarketPulseTexts } from '../../../lib/market-pulse-texts';
import { useSession } from '../../../stores/session-store';
import { useUnfollow } from '../api/follow';
import { useWatchlist } from '../api/get-watchlist';
import { useWatchlistWindow } from '../watchlist-window-store';

/** Collection, trades, volume, floor, change, listed; the remove button after them. */
const COLUMNS =
  'grid grid-cols-[minmax(0,1fr)_3rem_5rem_1.5rem] sm:grid-cols-[minmax(0,1fr)_4rem_6rem_6rem_5rem_4rem_1.5rem] items-center gap-2';
const WIDE = 'hidden sm:block';

/**
 * /wallet: the watchlist as a page, over the same window as the header's panel (one stored choice). Visitors are
 * asked to sign in.
 */
export default function WatchlistPage() {
  const { t } = useTranslation();
  const pulse = useMarketPulseTexts();
  const signedIn = useSession((state) => state.token !== null);
  return (
    <PageFrame title={t('route.wallet.title')} description={t('route.wallet.description')}>
      {signedIn ? (
        <Watchlist />
      ) : (
        <SignInPrompt
          prompt={pulse.t('pulse.wallet.sign_in_prompt')}
          action={pulse.t('pulse.sign_in')}
          className="mt-4"
        />
      )}
    </PageFrame>
  );
}

function Watchlist() {
  const { t: common } = useTranslation();
  const { t } = useMarketPulseTexts();
  const timeWindow = useWatchlistWindow((state) => state.value);
  const setWindow = useWatchlistWindow((state) => state.set);
  const watchlist = useWatchlist(timeWindow);
  const { data, isPlaceholderData } = watchlist;

  let body;
  if (!data) {
    body = (
      <LoadingOrFailed
        query={watchlist}
        message={t('pulse.wallet.load_error')}
        retry={t('pulse.retry')}
        className="justify-center py-10"
      />
    );
  } else if (data.list.length === 0) {
    body = <p className="py-10 text-center text-faint">{t('pulse.wallet.empty')}</p>;
  } else {
    body = <WatchlistTable rows={data.list} stale={isPlaceholderData} />;
  }

  return (
    <div className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented
          label={t('pulse.wallet.window')}
          options={WATCHLIST_WINDOWS}
          value={timeWindow}
          onChange={setWindow}
          labelOf={(minutes) => common(`market.window_long.${minutes}`)}
        />
        {data && <p className="text-[12px] text-faint">{t('pulse.wallet.count', { count: data.list.length })}</p>}
      </div>
      <div className="rounded-md border border-line bg-panel">{body}</div>
    </div>
  );
}

function WatchlistTable({ rows, stale }: { rows: readonly CollectionRow[]; stale: boolean }) {
  const { t } = useMarketPulseTexts();
  const unfollow = useUnfollow();
  return (
    <>
      <div className={clsx(COLUMNS, 'border-b border-line px-3 py-1.5 text-[11px] text-faint')} aria-hidden>
        <span>{t('pulse.wallet.collection')}</span>
        <span className="text-right">{t('pulse.wallet.trades')}</span>
        <span className={clsx(WIDE, 'text-right')}>{t('pulse.wallet.volume')}</span>
        <span className="text-right">{t('pulse.wallet.floor')}</span>
        <span className={clsx(WIDE, 'text-right')}>{t('pulse.wallet.change')}</span>
        <span className={clsx(WIDE, 'text-right')}>{t('pulse.wallet.listed')}</span>
        <span />
      </div>
      <ul aria-busy={stale} className={clsx('divide-y divide-line/60', stale && 'opacity-60')}>
        {rows.map((row) => {
          const name = row.name ?? shortAddress(row.address);
          const removing = unfollow.isPending && unfollow.variables === row.address;
          return (
            <li key={row.address} aria-label={name} className={clsx(COLUMNS, 'px-3 py-1.5', removing && 'opacity-50')}>
              <Link
                to={collectionPath(row.address, false)}
                className="flex min-w-0 items-center gap-2 hover:text-accent"
              >
                <CollectionImage src={row.img} name={row.name} className="size-7 text-[12px]" />
                <span className="truncate text-fg">{name}</span>
              </Link>
              <span className="text-right font-mono text-muted">{formatCount(row.all_count)}</span>
              <span className={clsx(WIDE, 'text-right font-mono text-muted')}>{formatEth(row.volume, 2)}</span>
              <span className="text-right font-mono">
                {row.floor_value === null ? NO_VALUE : formatEth(row.floor_value)}
              </span>
              <span className={clsx(WIDE, 'text-right font-mono', changeColour(row.floor_change))}>
                {formatChange(row.floor_change)}
              </span>
              <span className={clsx(WIDE, 'text-right font-mono text-muted')}>{formatCount(row.listed)}</span>
              <button
                type="button"
                className="icon-button size-6"
                aria-label={t('pulse.wallet.remove', { name })}
                aria-disabled={unfollow.isPending}
                onClick={() => {
                  if (!unfollow.isPending) unfollow.mutate(row.address);
                }}
              >
                <X size={12} />
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
