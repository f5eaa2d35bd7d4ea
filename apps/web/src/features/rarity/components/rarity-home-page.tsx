import type { RarityCollectionRow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Gem, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { formatCount, formatEth, formatPercent, NO_VALUE } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRarityCollections } from '../api/get-rarity-collections';
import { tokenPath } from '../reason';

const SEARCH_DEBOUNCE_MS = 250;

/** /rarityHome: the collections FloorDesk ranks, how much of each the ranks cover, searchable. */
export default function RarityHomePage() {
  const { t } = useTranslation();
  const texts = useRarityTexts();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const collections = useRarityCollections(q);
  return (
    <PageFrame title={t('route.rarityHome.title')} description={t('route.rarityHome.description')}>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="flex h-8 w-full max-w-sm items-center gap-2 rounded-md border border-line bg-panel px-2 focus-within:border-accent/60">
          <Search size={14} className="shrink-0 text-faint" aria-hidden />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={texts.t('rarity_views.search_placeholder')}
            aria-label={texts.t('rarity_views.search_placeholder')}
            maxLength={100}
            className="min-w-0 flex-1 bg-transparent outline-none placeholder:text-faint"
          />
        </label>
        <Link to="/rarityMore" className="flex items-center gap-1.5 font-semibold text-accent hover:underline">
          <Gem size={14} aria-hidden />
          {texts.t('rarity_views.more_link')}
        </Link>
      </div>
      <div className="mt-3">
        {collections.data ? (
          <CollectionsTable rows={collections.data.list} q={q} />
        ) : (
          <LoadingOrFailed
            query={collections}
            message={texts.t('rarity_views.load_error')}
            retry={texts.t('rarity_views.retry')}
          />
        )}
      </div>
    </PageFrame>
  );
}

function CollectionsTable({ rows, q }: { rows: RarityCollectionRow[]; q: string }) {
  const { t } = useRarityTexts();
  if (rows.length === 0) {
    return (
      <p className="py-8 text-center text-faint">
        {q ? t('rarity_views.no_match', { q }) : t('rarity_views.no_collections')}
      </p>
    );
  }
  const cell = 'px-2 py-2 whitespace-nowrap first:pl-3 last:pr-3';
  const wide = 'hidden sm:table-cell';
  return (
    <div className="overflow-hidden rounded-md border border-line bg-panel">
      <table className="w-full table-fixed">
        <thead className="text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'font-medium')}>{t('rarity_views.collection')}</th>
            <th className={clsx(cell, wide, 'w-24 text-right font-medium')}>{t('rarity_views.supply')}</th>
            <th className={clsx(cell, wide, 'w-24 text-right font-medium')}>{t('rarity_views.ranked')}</th>
            <th className={clsx(cell, 'w-20 text-right font-medium sm:w-24')}>{t('rarity_views.coverage')}</th>
            <th className={clsx(cell, 'w-20 text-right font-medium sm:w-24')}>{t('rarity_views.floor')}</th>
            <th className={clsx(cell, wide, 'w-20 text-right font-medium')}>{t('rarity_views.listed')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.address} data-testid="rarity-collection" className="border-b border-line/50 hover:bg-raised">
              <td className={clsx(cell, 'min-w-0')}>
                <Link to={tokenPath(row.address)} className="flex min-w-0 items-center gap-2 hover:text-accent">
                  <CollectionImage src={row.img} name={row.name} className="size-7" />
                  <span className="truncate font-medium" title={row.name ?? row.address}>
                    {row.name ?? row.address}
                  </span>
                  {row.type === '1155' && (
                    <span className="rounded-sm bg-raised px-1 text-[10px] text-muted">1155</span>
                  )}
                </Link>
              </td>
              <td className={clsx(cell, wide, 'text-right font-mono')}>{formatCount(row.supply)}</td>
              <td className={clsx(cell, wide, 'text-right font-mono')}>{formatCount(row.ranked)}</td>
              <td className={clsx(cell, 'text-right font-mono', row.coverage < 100 ? 'text-warn' : 'text-muted')}>
                {formatPercent(row.coverage)}
              </td>
              <td className={clsx(cell, 'text-right font-mono')}>
                {row.floor_value === null ? NO_VALUE : formatEth(row.floor_value)}
              </td>
              <td className={clsx(cell, wide, 'text-right font-mono text-muted')}>{formatCount(row.listed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
