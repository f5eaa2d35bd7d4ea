import type { MintingRow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { collectionPath } from '../../../lib/collection-path';
import { formatDate, fromNow } from '../../../lib/dates';
import { formatCount, formatEth, NO_VALUE, shortAddress } from '../../../lib/format';
import { useMarketPulseTexts } from '../../../lib/market-pulse-texts';
import { useMinting } from '../api/get-minting';

/** Collection, then mints per minute, minted of supply, mint price, minters and last mint; one row per collection. */
const COLUMNS = 'md:grid md:grid-cols-[minmax(0,1fr)_4.5rem_6.5rem_6.5rem_4rem_7.5rem] md:items-center md:gap-3';

/** /discover's list of collections minting now, most mints per minute first; refreshed every few seconds. */
export function MintingSection({ className }: { className?: string }) {
  const { t } = useMarketPulseTexts();
  const minting = useMinting();
  const { data } = minting;
  let body: ReactNode;
  if (!data) {
    body = (
      <LoadingOrFailed
        query={minting}
        message={t('pulse.discover.load_error')}
        retry={t('pulse.retry')}
        className="justify-center py-10"
      />
    );
  } else if (data.list.length === 0) {
    body = <p className="py-10 text-center text-faint">{t('pulse.discover.empty')}</p>;
  } else {
    body = <MintingList rows={data.list} window={data.window} />;
  }
  return (
    <section aria-labelledby="minting-title" className={className}>
      <header className="mb-2">
        <h2 id="minting-title" className="font-semibold text-fg">
          {t('pulse.discover.minting_title')}
        </h2>
        <p className="text-[11px] text-faint">{t('pulse.discover.minting_window', { minutes: data?.window ?? '' })}</p>
      </header>
      <div className="rounded-md border border-line bg-panel">{body}</div>
    </section>
  );
}

function MintingList({ rows, window }: { rows: readonly MintingRow[]; window: number }) {
  const { t } = useMarketPulseTexts();
  return (
    <>
      <div
        className={clsx(COLUMNS, 'hidden border-b border-line px-3 py-1.5 text-[11px] text-faint md:grid')}
        aria-hidden
      >
        <span>{t('pulse.discover.collection')}</span>
        <span className="text-right">{t('pulse.discover.per_minute')}</span>
        <span className="text-right">{t('pulse.discover.minted')}</span>
        <span className="text-right">{t('pulse.discover.mint_price')}</span>
        <span className="text-right">{t('pulse.discover.minters')}</span>
        <span className="text-right">{t('pulse.discover.last_mint')}</span>
      </div>
      <ul className="divide-y divide-line/60">
        {rows.map((row) => {
          const name = row.name ?? shortAddress(row.address);
          return (
            <li key={row.address} aria-label={name} className={clsx(COLUMNS, 'px-3 py-2')}>
              <div className="flex min-w-0 items-center gap-2">
                <CollectionImage src={row.img} name={row.name} className="size-8 text-[13px]" />
                <div className="min-w-0">
                  <Link
                    to={collectionPath(row.address, false)}
                    className="block truncate font-medium text-fg hover:text-accent"
                  >
                    {name}
                  </Link>
                  <p className="text-[11px] text-faint">
                    {t('pulse.discover.mints_in_window', { count: formatCount(row.mints), minutes: window })}
                  </p>
                </div>
              </div>
              <dl className="mt-1.5 grid grid-cols-3 gap-x-3 gap-y-1 text-[12px] md:contents">
                <Figure label={t('pulse.discover.per_minute')} value={row.mints_per_minute.toFixed(2)} accent />
                <Figure label={t('pulse.discover.minted')} value={mintedText(row, t)} />
                <Figure
                  label={t('pulse.discover.mint_price')}
                  value={row.mint_price === null ? NO_VALUE : `${formatEth(row.mint_price)} ETH`}
                />
                <Figure label={t('pulse.discover.minters')} value={formatCount(row.minters)} />
                <Figure
                  label={t('pulse.discover.last_mint')}
                  value={
                    // Refreshed with the list, every few seconds.
                    <time dateTime={new Date(row.last_mint * 1000).toISOString()} title={formatDate(row.last_mint)}>
                      {fromNow(row.last_mint)}
                    </time>
                  }
                />
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function mintedText(row: MintingRow, t: ReturnType<typeof useMarketPulseTexts>['t']): string {
  if (row.minted === null) return NO_VALUE;
  if (row.max_supply === null) return formatCount(row.minted);
  return t('pulse.discover.minted_of', { minted: formatCount(row.minted), supply: formatCount(row.max_supply) });
}

/** A figure with its label on phones (a small grid), a bare right-aligned cell in the wide table. */
function Figure({ label, value, accent = false }: { label: string; value: ReactNode; accent?: boolean }) {
  return (
    <div className="min-w-0 md:text-right">
      <dt className="text-[11px] text-faint md:sr-only">{label}</dt>
      <dd className={clsx('truncate font-mono', accent ? 'text-accent' : 'text-fg')}>{value}</dd>
    </div>
  );
}
