import type { RankTierName } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const TIER_CLASSES: Record<RankTierName, string> = {
  ordinary: 'bg-raised text-muted',
  classic: 'bg-sky-500/15 text-sky-400 in-data-[theme=light]:text-sky-700',
  rare: 'bg-violet-500/15 text-violet-400 in-data-[theme=light]:text-violet-700',
  legendary: 'bg-warn/15 text-warn',
};

type RankBadgeProps = { rank: number | null; tier: RankTierName | null };

/** Rarity rank (1 = rarest) with its tier, or a dash while the collection's metadata is not in. */
export function RankBadge({ rank, tier }: RankBadgeProps) {
  const { t } = useTranslation();
  if (rank === null) return <span className="text-faint">—</span>;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="font-mono text-fg">#{rank}</span>
      {tier && (
        <span className={clsx('truncate rounded-sm px-1 text-[10px] leading-4 font-semibold', TIER_CLASSES[tier])}>
          {t(`collection.tier.${tier}`)}
        </span>
      )}
    </span>
  );
}
