import type { RankTierName } from '@floordesk/protocol';

/** Ours: a tier holds the ranks within this share (percent) of the ranked tokens, rarest tier first. */
const TIER_TOP_PERCENT = [
  { tier: 'legendary', top: 1 },
  { tier: 'rare', top: 10 },
  { tier: 'classic', top: 40 },
] as const satisfies readonly { tier: RankTierName; top: number }[];

/** The tier of a rank among `ranked` tokens, for the API, the worker's readers and the CLI alike. */
export function rankTier(rank: number, ranked: number): RankTierName {
  return TIER_TOP_PERCENT.find(({ top }) => rank * 100 <= ranked * top)?.tier ?? 'ordinary';
}
