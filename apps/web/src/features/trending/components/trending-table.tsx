import type { CollectionRow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { collectionPath } from '../../../lib/collection-path';
import { changeColour, formatChange, formatEth, NO_VALUE, shortAddress } from '../../../lib/format';
import { FollowButton } from '../../../components/slots';
import { formatCount } from '../../../lib/format';
import { listingText } from '../row-text';

type TrendingTableProps = {
  rows: readonly CollectionRow[];
  /** The panel's form: the fewest columns, whatever the screen. */
  compact: boolean;
  /** Collection links gain /summary. */
  fromTrendingPage: boolean;
  /** Rows of the previous window while the chosen one loads. */
  stale: boolean;
};

const cell = 'px-2 whitespace-nowrap';

/**
 * Which columns show where. Narrow screens (and the panel) fold the listing rate under the name and the floor
 * change under the floor, and drop rank and volume, so a row never overflows a 390 px screen.
 */
function columns(compact: boolean) {
  return {
    roomy: compact ? 'hidden' : 'hidden sm:table-cell',
    wide: compact ? 'hidden' : 'hidden md:table-cell',
    folded: compact ? 'block' : 'block md:hidden',
  };
}

export function TrendingTable({ rows, compact, fromTrendingPage, stale }: TrendingTableProps) {
  const { t } = useTranslation();
  const show = columns(compact);
  return (
    <table className={clsx('w-full text-[12px] transition-opacity', stale && 'opacity-60')}>
      <thead className="text-left text-[11px] text-faint">
        <tr className="h-7 border-b border-line">
          <th className={clsx(cell, show.roomy, 'w-8 font-medium')}>{t('trending.column.rank')}</th>
          <th className={clsx(cell, 'font-medium')}>{t('trending.column.collection')}</th>
          <th className={clsx(cell, show.wide, 'font-medium')}>{t('trending.column.listed')}</th>
          <th className={clsx(cell, 'text-right font-medium')}>{t('trending.column.trades')}</th>
          <th className={clsx(cell, show.roomy, 'text-right font-medium')}>{t('trending.column.volume')}</th>
          <th className={clsx(cell, 'text-right font-medium')}>{t('trending.column.floor')}</th>
          <th className={clsx(cell, show.wide, 'text-right font-medium')}>{t('trending.column.change')}</th>
          <th className="w-8">
            <span className="sr-only">{t('trending.column.follow')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {rows.map((row, index) => {
          const name = row.name ?? shortAddress(row.address);
          const listing = listingText(row, t);
          const change = formatChange(row.floor_change);
          return (
            <tr key={row.address} className={clsx('relative hover:bg-raised', compact ? 'h-8' : 'h-8 md:h-[30px]')}>
              <td className={clsx(cell, show.roomy, 'text-faint')}>{index + 1}</td>
              {/* max-w-0 lets the name column take what is left and truncate instead of widening the table. */}
              <td className={clsx(cell, 'w-full max-w-0')}>
                <div className="flex min-w-0 items-center gap-2">
                  <CollectionImage src={row.img} name={row.name} className="size-5 text-[10px]" />
                  <div className="min-w-0 leading-tight">
                    <div className="flex min-w-0 items-center gap-1.5">
                      {/* The link stretches over the whole row; the follow star sits above it. */}
                      <Link
                        to={collectionPath(row.address, fromTrendingPage)}
                        title={row.address}
                        className="truncate font-medium text-fg after:absolute after:inset-0"
                      >
                        {name}
                      </Link>
                      {row.type === '1155' && (
                        <span
                          title={t('trending.erc1155')}
                          className="shrink-0 rounded-sm border border-warn/50 px-1 text-[10px] leading-3.5 text-warn"
                        >
                          1155
                        </span>
                      )}
                    </div>
                    <div className={clsx(show.folded, 'truncate text-[11px] text-faint')}>{listing}</div>
                  </div>
                </div>
              </td>
              <td className={clsx(cell, show.wide, 'text-muted')}>{listing}</td>
              <td className={clsx(cell, 'text-right text-fg')}>{formatCount(row.all_count)}</td>
              <td className={clsx(cell, show.roomy, 'text-right text-muted')}>{formatEth(row.volume, 2)}</td>
              <td className={clsx(cell, 'text-right leading-tight')}>
                <div className="font-medium text-fg">
                  {row.floor_value === null ? NO_VALUE : formatEth(row.floor_value)}
                </div>
                <div className={clsx(show.folded, 'text-[11px]', changeColour(row.floor_change))}>{change}</div>
              </td>
              <td className={clsx(cell, show.wide, 'text-right', changeColour(row.floor_change))}>{change}</td>
              <td className="relative z-10 pr-1">
                <FollowButton address={row.address} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
