import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TrendingTab, useTrending } from '../api/get-trending';
import { useTrendingWindow } from '../trending-window-store';
import { TrendingTable } from './trending-table';
import { WindowSelect } from './window-select';
import { useOnTrendingPage } from '../../../lib/collection-path';

const TABS: readonly TrendingTab[] = ['all', 'watchlist'];
const SKELETON_ROWS = 10;

/** The trending list with its window and tab: the /trending page's table, or the panel's compact one. */
export function TrendingList({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const minutes = useTrendingWindow();
  const [tab, setTab] = useState<TrendingTab>('all');
  const { data, error, isPending, isPlaceholderData, refetch } = useTrending(minutes, tab);
  const showTrending = useOnTrendingPage();

  function body() {
    if (data) {
      if (data.list.length > 0) {
        return (
          <TrendingTable rows={data.list} compact={compact} fromTrendingPage={showTrending} stale={isPlaceholderData} />
        );
      }
      return tab === 'watchlist' ? (
        <div className="flex flex-col items-center gap-1 px-4 py-10 text-center">
          <Star size={18} className="text-faint" aria-hidden />
          <p className="font-medium text-fg">{t('trending.no_collect_title')}</p>
          <p className="text-muted">{t('trending.no_collect_hint')}</p>
        </div>
      ) : (
        <p className="px-4 py-10 text-center text-faint">
          {t('trending.empty', { window: t(`market.window_long.${minutes}`) })}
        </p>
      );
    }
    if (error) {
      return (
        <div role="alert" className="flex flex-col items-center gap-2 px-4 py-10 text-center text-danger">
          <p>{t('trending.error')}</p>
          <button type="button" className="button-primary" onClick={() => void refetch()}>
            {t('trending.retry')}
          </button>
        </div>
      );
    }
    if (isPending && tab === 'watchlist') {
      return <p className="px-4 py-10 text-center text-faint">{t('trending.collect_loading')}</p>;
    }
    return <Skeleton />;
  }

  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 py-2">
        <fieldset aria-label={t('trending.tabs')} className="flex min-w-0 gap-1">
          {TABS.map((candidate) => (
            <button
              key={candidate}
              type="button"
              aria-pressed={candidate === tab}
              onClick={() => setTab(candidate)}
              className={clsx(
                'h-6 rounded-md px-2 font-medium transition-colors',
                candidate === tab ? 'bg-raised text-fg' : 'text-muted hover:text-fg',
              )}
            >
              {t(`trending.tab.${candidate}`)}
            </button>
          ))}
        </fieldset>
        <WindowSelect />
      </div>
      {body()}
    </div>
  );
}

function Skeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy className="divide-y divide-line/60">
      <span className="sr-only">{t('app.loading')}</span>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className="flex h-8 items-center gap-2 px-2">
          <span className="size-5 animate-pulse rounded bg-raised" />
          <span className="h-3 flex-1 animate-pulse rounded bg-raised" />
          <span className="h-3 w-10 animate-pulse rounded bg-raised" />
          <span className="h-3 w-14 animate-pulse rounded bg-raised" />
        </div>
      ))}
    </div>
  );
}
