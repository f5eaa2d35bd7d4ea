import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type SectionPanelProps = {
  title: string;
  /** Beside the title: counts, selectors. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled box of the collection page; its body fills the height the layout gives it. */
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

/** What a section shows before its first answer: a spinner, or that the call failed (the next poll retries). */
export function Awaiting({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <p role="alert" className="px-3 py-8 text-center text-danger">
        {t('collection.section_failed')}
      </p>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 py-8 text-faint">
      <LoaderCircle size={14} className="animate-spin" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-3 py-8 text-center text-faint">{children}</p>;
}
