import { type RankTierName, rankTierOf } from '@floordesk/protocol';

/** A token's tier from the wire's `flag`: none for an unranked token or a code no table knows. */
export function tokenTier(flag: number | null): RankTierName | null {
  return flag === null ? null : (rankTierOf(flag) ?? null);
}
