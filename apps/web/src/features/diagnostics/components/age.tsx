import { useTranslation } from 'react-i18next';
import { formatDate, fromNow } from '../../../lib/dates';

type AgeProps = {
  /** Unix seconds of the event. */
  at: number;
  /** Unix seconds the age is measured at: when the diagnostics were fetched. */
  now: number;
};

/** How long ago, to the second for the first minute, where a stalled chain shows as a growing count. */
export function Age({ at, now }: AgeProps) {
  const { t } = useTranslation();
  const elapsed = Math.max(0, now - at);
  return (
    <span className="whitespace-nowrap text-faint" title={formatDate(at)}>
      {elapsed < 60 ? t('diagnostics.seconds_ago', { seconds: elapsed }) : fromNow(at)}
    </span>
  );
}
