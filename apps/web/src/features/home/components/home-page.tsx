import { MARKET_SUMMARY_REFRESH_MS } from '@floordesk/protocol';
import { Activity, CalendarClock, ChartLine, Flame, Gem, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { formatCount, formatEth, NO_VALUE } from '../../../lib/format';
import { useMarketPulseTexts } from '../../../lib/market-pulse-texts';
import { requireLogin } from '../../../stores/login-prompt-store';
import { useSession } from '../../../stores/session-store';
import { useMarketSummary } from '../api/get-market-summary';

/** The main pages, by their route names (their titles and descriptions are the app's own). */
const PAGES = [
  { path: '/trending', name: 'trending', icon: <Flame size={16} aria-hidden /> },
  { path: '/discover', name: 'discover', icon: <CalendarClock size={16} aria-hidden /> },
  { path: '/historic', name: 'historic', icon: <ChartLine size={16} aria-hidden /> },
  { path: '/wallet', name: 'wallet', icon: <Star size={16} aria-hidden /> },
  { path: '/rarityHome', name: 'rarityHome', icon: <Gem size={16} aria-hidden /> },
  { path: '/plans', name: 'plans', icon: <Activity size={16} aria-hidden /> },
] as const;

/** /home: what FloorDesk is, the market now (refreshed every few seconds), the main pages and the way in. */
export default function HomePage() {
  const { t: common } = useTranslation();
  const { t, list } = useMarketPulseTexts();
  const signedIn = useSession((state) => state.token !== null);
  return (
    <PageFrame title={common('route.home.title')} description={common('route.home.description')}>
      <div className="mt-4 flex flex-col gap-6">
        <section className="flex flex-col gap-3 rounded-md border border-line bg-panel p-4 md:flex-row md:items-center">
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-fg">{t('pulse.home.tagline')}</h2>
            <p className="mt-1 max-w-3xl text-muted">{t('pulse.home.about')}</p>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-[12px] text-fg">
              {list('pulse.home.points').map((point) => (
                <li key={point} className="flex items-center gap-1.5">
                  <span className="size-1.5 rounded-full bg-accent" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex shrink-0 flex-col items-start gap-2 md:items-end">
            {signedIn ? (
              <>
                <p className="text-[12px] text-faint">{t('pulse.home.signed_in')}</p>
                <Link to="/trending" className="button-primary">
                  {t('pulse.home.open_trending')}
                </Link>
              </>
            ) : (
              <>
                <p className="max-w-64 text-[12px] text-faint md:text-right">{t('pulse.home.sign_in_prompt')}</p>
                <button type="button" className="button-primary" onClick={() => void requireLogin()}>
                  {t('pulse.sign_in')}
                </button>
              </>
            )}
          </div>
        </section>
        <MarketFigures />
        <section aria-labelledby="home-explore">
          <h2 id="home-explore" className="mb-2 font-semibold text-fg">
            {t('pulse.home.explore')}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {PAGES.map((page) => (
              <li key={page.path}>
                <Link
                  to={page.path}
                  className="flex h-full gap-2 rounded-md border border-line bg-panel p-3 hover:border-accent/60"
                >
                  <span className="mt-0.5 text-accent">{page.icon}</span>
                  <span className="min-w-0">
                    <span className="block font-medium text-fg">{common(`route.${page.name}.title`)}</span>
                    <span className="block text-[12px] text-muted">{common(`route.${page.name}.description`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageFrame>
  );
}

function MarketFigures() {
  const { t } = useMarketPulseTexts();
  const { data, isError, refetch } = useMarketSummary();
  const figure = (value: (summary: NonNullable<typeof data>) => string) => (data ? value(data) : NO_VALUE);
  return (
    <section aria-labelledby="home-market">
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="home-market" className="font-semibold text-fg">
          {t('pulse.home.market_title')}
        </h2>
        <p className="text-[11px] text-faint">
          {t('pulse.home.updated', { seconds: MARKET_SUMMARY_REFRESH_MS / 1000 })}
        </p>
      </header>
      {isError && !data ? (
        <LoadFailed
          inline
          message={t('pulse.home.load_error')}
          retry={t('pulse.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <Figure label={t('pulse.home.sales_24h')} value={figure((summary) => formatCount(summary.sales_24h))} />
          <Figure
            label={t('pulse.home.volume_24h')}
            value={figure((summary) => `${formatEth(summary.volume_24h, 2)} ETH`)}
          />
          <Figure label={t('pulse.home.listings')} value={figure((summary) => formatCount(summary.listings))} />
          <Figure label={t('pulse.home.collections')} value={figure((summary) => formatCount(summary.collections))} />
          <Figure
            label={t('pulse.home.block')}
            value={figure((summary) =>
              summary.block_number === null ? NO_VALUE : `#${formatCount(summary.block_number)}`,
            )}
          />
        </dl>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-md border border-line bg-panel px-3 py-2">
      <dt className="text-[11px] text-faint">{label}</dt>
      <dd className="mt-0.5 truncate font-mono text-base text-fg">{value}</dd>
    </div>
  );
}
