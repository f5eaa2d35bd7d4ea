import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A table row that is a card of two columns on phones and a row from md up: the tables of the trader's own tokens
 * and listings (portfolio, My listings).
 */
export function CardRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      {...props}
      className={clsx('grid grid-cols-2 gap-x-4 gap-y-1 py-2.5 md:table-row md:h-12 md:py-0', className)}
    />
  );
}

/** A figure of a CardRow, with its label on phones, where rows are cards without a header. */
export function CardFigure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={clsx('flex items-baseline justify-between gap-2 md:table-cell md:text-right', className)}>
      <span className="text-[11px] text-faint md:hidden">{label}</span>
      {children}
    </td>
  );
}
