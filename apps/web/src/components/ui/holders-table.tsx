import type { Holder } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { formatCount, formatPercent, longAddress } from '../../lib/format';
import { FlipperBadge } from './flipper-badge';

type HoldersTableProps = {
  holders: readonly Holder[];
  /** The column heads and the big-holder tag, in the page's words. */
  labels: { address: string; count: string; percent: string; big: string };
  /** Above the table: what the highlight means. */
  hint?: string;
};

/** Holders, most items first: those above BIG_HOLDER_PERCENT highlighted, flippers badged. */
export function HoldersTable({ holders, labels, hint }: HoldersTableProps) {
  const cell = 'px-2 py-1.5 whitespace-nowrap first:pl-3 last:pr-3';
  return (
    <div className="min-h-0 flex-1 overflow-auto">
      {hint && (
        <p className="flex items-center gap-1.5 px-3 pt-2 text-[11px] text-faint">
          <span className="size-2 rounded-sm bg-warn/40" aria-hidden />
          {hint}
        </p>
      )}
      <table className="w-full">
        <thead className="text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th className={clsx(cell, 'w-10 font-medium')}>#</th>
            <th className={clsx(cell, 'font-medium')}>{labels.address}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{labels.count}</th>
            <th className={clsx(cell, 'text-right font-medium')}>{labels.percent}</th>
          </tr>
        </thead>
        <tbody>
          {holders.map((holder, index) => (
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
                    {labels.big}
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
