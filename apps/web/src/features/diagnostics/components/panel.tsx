import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** Shown where the server has no value yet (no head before the first block, no simulator action yet). */

type PanelProps = { title: string; className?: string; children: ReactNode };

/** A titled box of the diagnostics terminal. */
export function Panel({ title, className, children }: PanelProps) {
  return (
    <section aria-label={title} className={clsx('min-w-0 rounded-md border border-line bg-panel', className)}>
      <h2 className="border-b border-line px-3 py-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase">
        <span className="text-accent" aria-hidden>
          ${' '}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function StatList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-line/60 px-3 py-1">{children}</dl>;
}

type StatProps = { label: string; warn?: boolean; children: ReactNode };

/** One `label  value` line; `warn` marks a value that needs attention. */
export function Stat({ label, warn = false, children }: StatProps) {
  return (
    <div className={clsx('flex min-h-7 items-center justify-between gap-3 py-1', warn && '-mx-3 bg-warn/10 px-3')}>
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd
        className={clsx(
          'flex min-w-0 flex-wrap items-center justify-end gap-x-2 text-right',
          warn ? 'text-warn' : 'text-fg',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
