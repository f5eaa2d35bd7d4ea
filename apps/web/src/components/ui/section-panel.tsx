import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type SectionPanelProps = {
  title: string;
  /** Beside the title: counts, selectors. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled box of a data page (the collection page, /holding); its body fills the height the layout gives it. */
export function SectionPanel({ title, aside, className, children }: SectionPanelProps) {
  return (
    <section
      aria-label={title}
      className={clsx('flex min-w-0 flex-col rounded-md border border-line bg-panel', className)}
    >
      <header className="flex min-h-8 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-3 py-1">
        <h2 className="text-[11px] font-semibold tracking-wider text-muted uppercase">{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

/** What a section says instead of data: nothing yet, nothing matches, pick something first. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-3 py-8 text-center text-faint">{children}</p>;
}
