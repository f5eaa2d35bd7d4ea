import type { FlippersData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { FLIPPER_RULE_VALUES } from '../../../components/ui/flipper-badge';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { EmptyState, SectionPanel } from '../../../components/ui/section-panel';
import { fromNow } from '../../../lib/dates';
import { useFlipperTexts } from '../../../lib/flipper-texts';
import { formatCount, formatEth, formatPercent, shortAddress } from '../../../lib/format';
import { useFlippers } from '../api/get-flippers';

/** The high-win-rate flippers, each wallet's figures, and the rule that put them there. */
export function FlippersPanel() {
  const { t } = useFlipperTexts();
  const flippers = useFlippers();
  const { data } = flippers;
  return (
    <SectionPanel
      title={t('flippers.title')}
      className="self-start"
      aside={
        data?.computed_at != null && (
          <span className="text-[11px] text-muted">{t('flippers.computed', { time: fromNow(data.computed_at) })}</span>
        )
      }
    >
      {data && (
        <p className="border-b border-line/50 px-3 py-2 text-[12px] leading-relaxed text-muted">
          {t('flippers.explanation', FLIPPER_RULE_VALUES)}
        </p>
      )}
      {data ? (
        <FlipperTable data={data} />
      ) : (
        <LoadingOrFailed
          query={flippers}
          message={t('flippers.load_error')}
          retry={t('flippers.retry')}
          className="px-3 py-6"
        />
      )}
    </SectionPanel>
  );
}

function FlipperTable({ data }: { data: FlippersData }) {
  const { t } = useFlipperTexts();
  if (data.list.length === 0) {
    return <EmptyState>{data.computed_at === null ? t('flippers.not_computed') : t('flippers.empty')}</EmptyState>;
  }
  const cell = 'px-2 py-1.5 whitespace-nowrap first:pl-3 last:pr-3';
  const wide = 'hidden sm:table-cell';
  return (
    <div className="overflow-x-auto">
      <table className="w-full" data-testid="flipper-list">
        <thead className="text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'font-medium')}>{t('flippers.wallet')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('flippers.trades')}</th>
            <th className={clsx(cell, wide, 'text-right font-medium')}>{t('flippers.collections')}</th>
            <th className={clsx(cell, wide, 'text-right font-medium')}>{t('flippers.wins')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('flippers.win_rate')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('flippers.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {data.list.map((row) => (
            <tr key={row.address} data-testid="flipper-row" className="border-b border-line/50 hover:bg-raised">
              <td className={clsx(cell, 'font-mono text-[12px] text-fg')}>
                <span title={row.address}>{row.ens ?? shortAddress(row.address)}</span>
              </td>
              <td className={clsx(cell, 'text-right font-mono')}>{formatCount(row.trades)}</td>
              <td className={clsx(cell, wide, 'text-right font-mono')}>{formatCount(row.collections)}</td>
              <td className={clsx(cell, wide, 'text-right font-mono')}>{formatCount(row.wins)}</td>
              <td className={clsx(cell, 'text-right font-mono text-accent')}>{formatPercent(row.win_rate)}</td>
              <td
                className={clsx(cell, 'text-right font-mono', row.profit.startsWith('-') ? 'text-danger' : 'text-fg')}
              >
                {formatEth(row.profit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
