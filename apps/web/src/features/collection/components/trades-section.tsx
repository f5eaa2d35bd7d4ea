import type { TradeRow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEth, shortAddress } from '../../../lib/format';
import { useCollectionTrades } from '../api/get-collection-trades';
import { useFreshKeys } from '../use-fresh-keys';
import { useNow } from '../../../lib/use-now';
import { Age } from '../../../components/ui/age';
import { FlipperBadge } from '../../../components/ui/flipper-badge';
import { EmptyState, SectionPanel } from '../../../components/ui/section-panel';
import { Awaiting } from './awaiting';
import { TokenCell } from '../../../components/ui/token-cell';

/** How long a trade that arrived with the last poll stays highlighted. */
export const FRESH_TRADE_MS = 2500;

function tradeKey(trade: TradeRow): string {
  return `${trade.tx_hash}:${trade.log_index}:${trade.item_index}`;
}

/** Newest first: by block, then by position in the block. */
function newestFirst(a: TradeRow, b: TradeRow): number {
  return b.block_number - a.block_number || b.log_index - a.log_index || b.item_index - a.item_index;
}

type TradesSectionProps = { address: string; className?: string };

/** The live trades feed, polled every few seconds. */
export function TradesSection({ address, className }: TradesSectionProps) {
  const { t } = useTranslation();
  const { data, isError } = useCollectionTrades(address);
  return (
    <SectionPanel
      title={t('collection.section.trades')}
      className={className}
      aside={
        <span className="flex items-center gap-1.5 text-[11px] text-faint">
          <span className="size-1.5 animate-pulse rounded-full bg-accent" aria-hidden />
          {t('collection.trades.live')}
        </span>
      }
    >
      {data ? <TradesFeed trades={data.list} /> : <Awaiting failed={isError} />}
    </SectionPanel>
  );
}

/** Trades newest first, each new arrival highlighted for a moment, ages ticking every second. */
export function TradesFeed({ trades }: { trades: readonly TradeRow[] }) {
  const { t } = useTranslation();
  const rows = useMemo(() => trades.toSorted(newestFirst), [trades]);
  const keys = useMemo(() => rows.map(tradeKey), [rows]);
  const fresh = useFreshKeys(keys, FRESH_TRADE_MS);
  const now = useNow(1000);

  if (rows.length === 0) return <EmptyState>{t('collection.trades.empty')}</EmptyState>;

  const cell = 'px-2 py-1.5 whitespace-nowrap first:pl-3 last:pr-3';
  // Laid out by content: every column as wide as its widest cell (names included), the token taking what is left;
  // a box narrower than that scrolls sideways. `relative` keeps the screen-reader-only texts inside the scroll box.
  return (
    <div className="relative min-h-0 flex-1 overflow-auto">
      <table className="w-full">
        <thead className="sticky top-0 z-10 bg-panel text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'font-medium')}>{t('collection.trades.time')}</th>
            <th className={clsx(cell, 'w-full min-w-24 font-medium')}>{t('collection.trades.token')}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{t('collection.trades.price')}</th>
            <th className={clsx(cell, 'font-medium')}>{t('collection.trades.marketplace')}</th>
            <th className={clsx(cell, 'font-medium')}>{t('collection.trades.parties')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((trade, index) => {
            const isFresh = fresh.has(keys[index]!);
            return (
              <tr
                key={keys[index]}
                data-fresh={isFresh || undefined}
                className={clsx(
                  'border-b border-line/50 transition-colors duration-700',
                  isFresh ? 'bg-accent/15' : 'hover:bg-raised',
                )}
              >
                <td className={clsx(cell, 'text-faint')}>
                  <Age at={trade.time} now={now} />
                </td>
                <td className={clsx(cell, 'max-w-0 min-w-24')}>
                  <TokenCell img={trade.img} tokenId={trade.token_id} />
                </td>
                <td className={clsx(cell, 'text-right font-mono text-fg')}>{formatEth(trade.price)}</td>
                <td className={clsx(cell, 'text-muted')}>
                  {trade.marketplace ? t(`market.marketplace.${trade.marketplace}`) : '—'}
                </td>
                <td className={clsx(cell, 'font-mono text-[12px] text-muted')}>
                  <span title={trade.buyer}>{trade.buyer_ens ?? shortAddress(trade.buyer)}</span>
                  {trade.buyer_flipper && <FlipperBadge className="ml-1" />}
                  <span className="px-1 text-faint" aria-hidden>
                    ←
                  </span>
                  <span className="sr-only">{t('collection.trades.bought_from')}</span>
                  <span title={trade.seller}>{trade.seller_ens ?? shortAddress(trade.seller)}</span>
                  {trade.seller_flipper && <FlipperBadge className="ml-1" />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
