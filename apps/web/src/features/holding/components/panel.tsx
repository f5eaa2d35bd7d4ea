import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A titled box of /holding, in the collection page's look. */
export function Panel({
  title,
  aside,
  className,
  children,
}: {
  title: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
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

export function PanelNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-6 text-center text-faint">{children}</p>;
}
