import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A list or panel still on its way: a spinner and 'Loading…' (or what is being waited for). */
export function Loading({ text, className }: { text?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={clsx('flex items-center gap-2 text-faint', className)}>
      <LoaderCircle size={14} className="animate-spin" aria-hidden />
      {text ?? t('app.loading')}
    </p>
  );
}

/**
 * A list or panel that could not be loaded: what failed, and a button to try again; centred under each other, or
 * side by side in a line (`inline`) where the page reads from the left.
 */
export function LoadFailed({
  message,
  retry,
  onRetry,
  inline = false,
  className,
}: {
  message: string;
  retry: string;
  onRetry: () => void;
  inline?: boolean;
  className?: string;
}) {
  return (
    <div className={clsx('flex items-center gap-2 text-muted', !inline && 'flex-col', className)}>
      <p>{message}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}

type LoadingOrFailedProps = {
  /** The query whose first answer is awaited: its failure, and how to ask again. */
  query: { isError: boolean; refetch: () => unknown };
  message: string;
  retry: string;
  /** Placement, the same for the spinner and the failure. */
  className?: string;
};

/** What a list or panel shows until its query's first answer: the spinner, or once the call failed, why and a retry. */
export function LoadingOrFailed({ query, message, retry, className }: LoadingOrFailedProps) {
  if (!query.isError) return <Loading className={className} />;
  return <LoadFailed message={message} retry={retry} onRetry={() => void query.refetch()} className={className} />;
}
