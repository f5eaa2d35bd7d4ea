import { PROFIT_DECIMALS } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { formatEth, NO_VALUE } from '../../lib/format';

/** A profit (wei, null when unknown) to 6 decimals, signed and coloured so that a gain reads as one without colour. */
export function Profit({ wei, testId }: { wei: string | null; testId?: string }) {
  if (wei === null) return <span className="text-faint">{NO_VALUE}</span>;
  const value = BigInt(wei);
  const text = formatEth(value, PROFIT_DECIMALS);
  // Coloured as it reads: a few wei either way (gas shares round down) show as 0.000000 and are no gain or loss.
  const sign = /[1-9]/.test(text) ? (value > 0n ? 1 : -1) : 0;
  return (
    <span
      data-testid={testId}
      className={clsx('font-mono', sign > 0 ? 'text-accent' : sign < 0 ? 'text-danger' : 'text-muted')}
    >
      {`${sign > 0 ? '+' : ''}${sign === 0 ? text.replace('-', '') : text}`}
    </span>
  );
}
