import { BIG_HOLDER_PERCENT, type HoldersData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { FlipperBadge } from '../../../components/ui/flipper-badge';
import { longAddress } from '../../../lib/format';
import { useCollectionHolders } from '../api/get-collection-holders';
import { formatCount } from '../../../lib/format';
import { formatPercent } from '../../../lib/format';
import { Awaiting, EmptyState, SectionPanel } from './section-panel';

type HoldersSectionProps = { address: string; className?: string };

/** How many own the collection, and who holds the most. */
export function HoldersSection({ address, className }: HoldersSectionProps) {
  const { t } = useTranslation();
  const { data, isError } = useCollectionHolders(address);
  return (
    <SectionPanel
      title={t('collection.section.holders')}
      className={className}
      aside={
        data && (
          <span className="text-[11px] text-muted">
            {t('collection.holders.owners', { owners: formatCount(data.owners) })}
          </span>
        )
      }
    >
      {data ? <HoldersList holders={data} /> : <Awaiting failed={isError} />}
    </SectionPanel>
  );
}

/** The largest holders, those above BIG_HOLDER_PERCENT of the supply highlighted. */
export function HoldersList({ holders }: { holders: HoldersData }) {
  const { t } = useTranslation();
  if (holders.list.length === 0) return <EmptyState>{t('collection.holders.empty')}</EmptyState>;

  const cell = 'px-2 py-1.5 whitespace-nowrap first:pl-3 last:pr-3';
  return (
    <div className="min-h-0 flex-1 overflow-auto">
      <p className="flex items-center gap-1.5 px-3 pt-2 text-[11px] text-faint">
        <span className="size-2 rounded-sm bg-warn/40" aria-hidden />
        {t('collection.holders.big_hint', { percent: BIG_HOLDER_PERCENT })}
      </p>
      <table className="w-full">
        <thead className="text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'w-10 font-medium')}>#</th>
            <th className={clsx(cell, 'font-medium')}>{t('collection.holders.address')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('collection.holders.count')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('collection.holders.percent')}</th>
          </tr>
        </thead>
        <tbody>
          {holders.list.map((holder, index) => (
            <tr
              key={holder.address}
              data-big={holder.big || undefined}
              className={clsx('border-b border-line/50', holder.big ? 'bg-warn/10' : 'hover:bg-raised')}
            >
              <td className={clsx(cell, 'text-faint')}>{index + 1}</td>
              <td className={clsx(cell, 'font-mono text-[12px]', holder.big ? 'text-warn' : 'text-fg')}>
                <span title={holder.address}>{holder.ens ?? longAddress(holder.address)}</span>
                {holder.big && (
                  <span className="ml-2 rounded-sm bg-warn/15 px-1 font-sans text-[10px] font-semibold text-warn">
                    {t('collection.holders.big')}
                  </span>
                )}
                {holder.flipper && <FlipperBadge className="ml-2" />}
              </td>
              <td className={clsx(cell, 'text-right font-mono')}>{formatCount(holder.count)}</td>
              <td className={clsx(cell, 'text-right font-mono', holder.big ? 'text-warn' : 'text-muted')}>
                {formatPercent(holder.percent)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
