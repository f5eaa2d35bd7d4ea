import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type AgeProps = {
  /** Unix seconds of the event. */
  at: number;
  /** Unix seconds the age is measured at, from one ticking clock per table. */
  now: number;
};

/** How long ago, in the largest whole unit ("12s", "3m", "5h", "2d"): narrow enough for a table column. */
export function Age({ at, now }: AgeProps) {
  const { t } = useTranslation();
  const elapsed = Math.max(0, now - at);
  let text: string;
  if (elapsed < MINUTE) text = t('age.s', { n: elapsed });
  else if (elapsed < HOUR) text = t('age.m', { n: Math.floor(elapsed / MINUTE) });
  else if (elapsed < DAY) text = t('age.h', { n: Math.floor(elapsed / HOUR) });
  else text = t('age.d', { n: Math.floor(elapsed / DAY) });
  return (
    <time dateTime={new Date(at * 1000).toISOString()} title={formatDate(at)} className="whitespace-nowrap">
      {text}
    </time>
  );
}
