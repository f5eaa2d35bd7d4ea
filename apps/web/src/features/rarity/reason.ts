import type { RecommendationReason } from '@floordesk/protocol';
import { formatCount } from '../../lib/format';

// Grouped the same way in both languages, as every figure of the app.
const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const multiple = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A recommendation's reason as the values of its sentence: 'Rank 12 of 10,000 (top 0.12 %), listed 1.05 × floor'. */
export function reasonValues(reason: RecommendationReason): Record<'rank' | 'ranked' | 'top' | 'multiple', string> {
  return {
    rank: formatCount(reason.rank),
    ranked: formatCount(reason.ranked),
    top: share.format(reason.top_percent),
    multiple: multiple.format(reason.floor_multiple),
  };
}

/** The rule's own figures, worded as the reasons are. */
export function ruleValues(rule: { top_percent: number; max_floor_multiple: number }) {
  return { top: share.format(rule.top_percent), multiple: multiple.format(rule.max_floor_multiple) };
}

/** The /rarity link that opens one token of a collection. */
export function tokenPath(address: string, tokenId?: string): string {
  const query = new URLSearchParams({ address });
  if (tokenId !== undefined) query.set('token', tokenId);
  return `/rarity?${query}`;
}
