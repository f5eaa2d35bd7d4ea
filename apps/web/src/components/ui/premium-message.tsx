import { Link } from 'react-router';

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
