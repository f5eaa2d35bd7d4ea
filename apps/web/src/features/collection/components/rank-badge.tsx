import { RankTier } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

type TierName = 'ordinary' | 'classic' | 'rare' | 'legendary';

const TIERS: Record<RankTier, { name: TierName; className: string }> = {
  [RankTier.Ordinary]: { name: 'ordinary', className: 'bg-raised text-muted' },
  [RankTier.Classic]: { name: 'classic', className: 'bg-sky-500/15 text-sky-400 in-data-[theme=light]:text-sky-700' },
  [RankTier.Rare]: { name: 'rare', className: 'bg-violet-500/15 text-violet-400 in-data-[theme=light]:text-violet-700' },
  [RankTier.Legendary]: { name: 'legendary', className: 'bg-warn/15 text-warn' },
};

function isRankTier(flag: number): flag is RankTier {
  return Object.hasOwn(TIERS, flag);
}

type RankBadgeProps = { rank: number | null; flag: number | null };

/** Rarity rank (1 = rarest) with its tier, or a dash while the collection's metadata is not in. */
export function RankBadge({ rank, flag }: RankBadgeProps) {
  const { t } = useTranslation();
  if (rank === null) return <span className="text-faint">—</span>;
  const tier = flag !== null && isRankTier(flag) ? TIERS[flag] : null;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="font-mono text-fg">#{rank}</span>
      {tier && (
        <span className={clsx('truncate rounded-sm px-1 text-[10px] leading-4 font-semibold', tier.className)}>
          {t(`collection.tier.${tier.name}`)}
        </span>
      )}
    </span>
  );
}
