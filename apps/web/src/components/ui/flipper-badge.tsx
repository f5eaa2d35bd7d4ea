import { FLIPPER_RULE } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useFlipperTexts } from '../../lib/flipper-texts';

/** The rule's numbers, as the badge's and the list's explanations quote them. */
export const FLIPPER_RULE_VALUES = {
  trades: FLIPPER_RULE.minTradesExclusive,
  collections: FLIPPER_RULE.minCollectionsExclusive,
  rate: FLIPPER_RULE.minWinRateExclusive,
  days: FLIPPER_RULE.windowDays,
  hours: FLIPPER_RULE.recomputeHours,
};

/** Marks a wallet that meets the high-win-rate flipper rule; its title says what that means. */
export function FlipperBadge({ className }: { className?: string }) {
  const { t } = useFlipperTexts();
  const title = t('flippers.badge_title', FLIPPER_RULE_VALUES);
  return (
    <span
      title={title}
      aria-label={title}
      data-testid="flipper-badge"
      className={clsx(
        'inline-block rounded-sm bg-accent/15 px-1 align-middle font-sans text-[10px] leading-4 font-semibold text-accent',
        className,
      )}
    >
      {t('flippers.badge')}
    </span>
  );
}
