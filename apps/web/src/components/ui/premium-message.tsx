import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { refusalMessage } from '../../lib/api-client';
import { LoadingOrFailed } from './load-state';

type PremiumMessageProps = {
  /** The server's refusal, in its own words. */
  message: string;
  title: string;
  /** The link to the plans. */
  toPlans: string;
  testId: string;
};

/** A premium page's answer to a visitor the server refused: why, and the way to the plans. */
export function PremiumMessage({ message, title, toPlans, testId }: PremiumMessageProps) {
  return (
    <div
      data-testid={testId}
      className="mt-6 flex max-w-xl flex-col items-start gap-2 rounded-md border border-line bg-panel p-4"
    >
      <h2 className="font-semibold">{title}</h2>
      <p className="text-muted">{message}</p>
      <Link to="/plans" className="button-primary">
        {toPlans}
      </Link>
    </div>
  );
}

type PremiumQueryProps<T> = {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  /** The refusals answered with the premium message (not premium, the trial ended). */
  refusals: ReadonlySet<number>;
  texts: { premiumTitle: string; toPlans: string; error: string; retry: string };
  premiumTestId: string;
  /** What the page shows once the query has answered. */
  children: (data: T) => ReactNode;
};

/**
 * A premium page's body: the premium message when the server refuses the visitor, the spinner until the first
 * answer (or why it failed, and a retry), then the page over that answer.
 */
export function PremiumQuery<T>({ query, refusals, texts, premiumTestId, children }: PremiumQueryProps<T>) {
  const refusal = refusalMessage(query.error, refusals);
  if (refusal !== null) {
    return (
      <PremiumMessage message={refusal} title={texts.premiumTitle} toPlans={texts.toPlans} testId={premiumTestId} />
    );
  }
  if (query.isError || query.data === undefined) {
    return <LoadingOrFailed query={query} message={texts.error} retry={texts.retry} className="mt-6" />;
  }
  return children(query.data);
}
