import { BIG_HOLDER_PERCENT, type Holder, type HoldingBucket, type HoldingData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { CollectionImage } from '../../../components/ui/collection-image';
import { HoldersTable } from '../../../components/ui/holders-table';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { EmptyState, SectionPanel } from '../../../components/ui/section-panel';
import { formatCount, formatPercent } from '../../../lib/format';
import { useHoldingTexts } from '../../../lib/holding-texts';
import { useHolding } from '../api/get-holding';

/** The picked collection's holder analysis, or what to do before one is picked. */
export function HoldingAnalysis({ address }: { address: string | null }) {
  const { t } = useHoldingTexts();
  const holding = useHolding(address);
  if (address === null) return <EmptyState>{t('holding.pick')}</EmptyState>;
  if (!holding.data) {
    return (
      <LoadingOrFailed query={holding} message={t('holding.load_error')} retry={t('holding.retry')} className="py-6" />
    );
  }
  const { data } = holding;
  if (data.collection === null) return <EmptyState>{t('holding.unknown')}</EmptyState>;
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="holding-analysis">
      <div className="flex min-w-0 items-center gap-2">
        <CollectionImage src={data.collection.img} name={data.collection.name} className="size-8" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{data.collection.name ?? data.collection.address}</p>
          <p className="text-[11px] text-muted">
            {t('holding.owners', { owners: formatCount(data.owners), supply: formatCount(data.collection.supply) })}
          </p>
        </div>
      </div>
      <Distribution buckets={data.buckets} owners={data.owners} />
      <div className="grid items-start gap-3 lg:grid-cols-2">
        <SectionPanel title={t('holding.top')} className="max-h-[480px]">
          <HolderTable holders={data.top} empty={t('holding.no_holders')} showHint />
        </SectionPanel>
        <SectionPanel title={t('holding.flippers_among')} className="max-h-[480px]">
          <HolderTable holders={data.flippers} empty={t('holding.no_flippers')} />
        </SectionPanel>
      </div>
    </div>
  );
}

/** Holders by items held: a bar per bucket, its length the bucket's share of the holders. */
function Distribution({ buckets, owners }: { buckets: HoldingData['buckets']; owners: number }) {
  const { t } = useHoldingTexts();
  const cell = 'px-2 py-1.5 whitespace-nowrap first:pl-3 last:pr-3';
  return (
    <SectionPanel title={t('holding.distribution')}>
      <table className="w-full" data-testid="holding-distribution">
        <thead className="text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'w-20 font-medium')}>{t('holding.bucket')}</th>
            <th className={clsx(cell, 'w-20 text-right font-medium')}>{t('holding.holders')}</th>
            <th className={clsx(cell, 'w-20 text-right font-medium')}>{t('holding.items')}</th>
            <th className={clsx(cell, 'font-medium')}>{t('holding.share')}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => {
            const share = owners > 0 ? (bucket.holders / owners) * 100 : 0;
            const shareText = formatPercent(Math.round(share * 100) / 100);
            return (
              <tr key={bucket.min} className="border-b border-line/50">
                <td className={clsx(cell, 'font-mono')}>{bucketLabel(bucket)}</td>
                <td className={clsx(cell, 'text-right font-mono')}>{formatCount(bucket.holders)}</td>
                <td className={clsx(cell, 'text-right font-mono text-muted')}>{formatCount(Number(bucket.items))}</td>
                <td className={cell} aria-label={shareText}>
                  <div className="flex items-center gap-2">
                    <div className="h-2 min-w-0 flex-1 rounded-sm bg-raised">
                      <div className="h-2 rounded-sm bg-accent/70" style={{ width: `${share}%` }} />
                    </div>
                    <span className="w-14 shrink-0 text-right font-mono text-[11px] text-muted">{shareText}</span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </SectionPanel>
  );
}

function bucketLabel(bucket: HoldingBucket): string {
  if (bucket.max === null) return `${bucket.min}+`;
  return bucket.min === bucket.max ? String(bucket.min) : `${bucket.min}–${bucket.max}`;
}

/** Holders, those above BIG_HOLDER_PERCENT highlighted, flippers badged; or what it means that there are none. */
function HolderTable({ holders, empty, showHint }: { holders: Holder[]; empty: string; showHint?: boolean }) {
  const { t } = useHoldingTexts();
  if (holders.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <HoldersTable
      holders={holders}
      labels={{
        address: t('holding.address'),
        count: t('holding.count'),
        percent: t('holding.percent'),
        big: t('holding.big'),
      }}
      hint={showHint ? t('holding.big_hint', { percent: BIG_HOLDER_PERCENT }) : undefined}
    />
  );
}
