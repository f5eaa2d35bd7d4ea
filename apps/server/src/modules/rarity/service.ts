import {
  RARITY_COLLECTIONS_LIMIT,
  RARITY_PAGE_SIZE,
  type RarityCollectionsData,
  type RarityCoverage,
  type RaritySummary,
  type RarityToken,
  type RarityTokensData,
  type RankTierName,
  rankTierCode,
  RECOMMEND_LIMIT,
  RECOMMEND_MAX_FLOOR_MULTIPLE,
  RECOMMEND_TOP_PERCENT,
  type RecommendationsData,
  TRAIT_VALUES_LIMIT,
  type TraitType,
} from '@floordesk/protocol';
import { roundedPercent } from '../../chain/rollup-windows';
import type { AppContext } from '../../context';
import { collectionType, itemCount } from '../../market/collection-fields';
import { ok, type Result } from '../../result';
import { rankTier } from '../../market/rarity/tiers';
import { ensNames } from '../ens/service';
import { searchTerms } from '../search/service';
import {
  type CoverageCounts,
  type RarityTokenRecord,
  type RaritySummaryRecord,
  rarityCollections as collectionRows,
  raritySummary,
  rarityTokenPage,
  recommendedListings,
  tokenTraitRows,
  traitShares,
  traitValueCounts,
} from './store';

export type TokensQuery = {
  address: string;
  traits?: Record<string, string[]>;
  listed: '0' | '1';
  rank_min?: number;
  rank_max?: number;
  tier?: RankTierName;
  page: number;
  token?: string;
};

/** The supply coverage is measured against: the contract's, else (unknown or past 2^53) the tokens seen minted. */
function coverage(supply: string | null, counts: CoverageCounts): RarityCoverage {
  const items = Math.max(itemCount(supply) ?? counts.minted, counts.with_metadata);
  return {
    supply: items,
    with_metadata: counts.with_metadata,
    ranked: counts.ranked,
    coverage: items === 0 ? 0 : roundedPercent(counts.with_metadata, items),
  };
}

export async function rarityCollections(
  ctx: AppContext,
  q: string | undefined,
): Promise<Result<RarityCollectionsData>> {
  const rows = await collectionRows(ctx.db, q ? searchTerms(q) : null, ctx.now(), RARITY_COLLECTIONS_LIMIT);
  return ok({
    list: rows.map((row) => ({
      address: row.address,
      name: row.name,
      img: row.image_url,
      type: collectionType(row.standard),
      floor_value: row.floor,
      listed: row.listed,
      ...coverage(row.total_supply, row),
    })),
  });
}

function unrankedReason(summary: RaritySummaryRecord): RaritySummary['unranked_reason'] {
  if (summary.ranked > 0) return null;
  // Ranks wait until no token waits for its metadata.
  if (summary.with_metadata === 0 || summary.pending > 0) return 'metadata_pending';
  return summary.has_ranked_traits ? 'ranking' : 'no_traits';
}

/** The ranks of `tier` among `ranked` tokens as inclusive bounds; null when no rank falls in it. */
function tierRanks(tier: RankTierName, ranked: number): { min: number; max: number } | null {
  let min: number | null = null;
  let max: number | null = null;
  for (let rank = 1; rank <= ranked; rank += 1) {
    if (rankTier(rank, ranked) !== tier) continue;
    min ??= rank;
    max = rank;
  }
  return min === null || max === null ? null : { min, max };
}

/** The rank bounds of a query: its own, narrowed to its tier's; null when they leave no rank. */
function rankBounds(query: TokensQuery, ranked: number): { min: number | null; max: number | null } | null {
  let min = query.rank_min ?? null;
  let max = query.rank_max ?? null;
  if (query.tier) {
    const tier = tierRanks(query.tier, ranked);
    if (!tier) return null;
    min = Math.max(min ?? tier.min, tier.min);
    max = Math.min(max ?? tier.max, tier.max);
  }
  return min !== null && max !== null && min > max ? null : { min, max };
}

/** The ENS names of the owners of `rows`, as the trades and holders tables show them. */
function ownerNames(ctx: AppContext, rows: readonly RarityTokenRecord[]): Promise<Map<string, string | null>> {
  return ensNames(
    ctx,
    rows.flatMap((row) => (row.owner ? [row.owner] : [])),
  );
}

function tokenFields(
  row: RarityTokenRecord,
  ranked: number,
  names: ReadonlyMap<string, string | null>,
): Omit<RarityToken, 'traits'> {
  return {
    token_id: row.token_id,
    name: row.name,
    img: row.image_url,
    rank: row.rarity_rank,
    score: row.rarity_rank === null ? null : row.rarity_score,
    flag: row.rarity_rank === null ? null : rankTierCode(rankTier(row.rarity_rank, ranked)),
    owner: row.owner,
    owner_ens: row.owner ? (names.get(row.owner) ?? null) : null,
    price: row.price,
    marketplace: row.marketplace,
  };
}

export async function rarityTokens(ctx: AppContext, query: TokensQuery): Promise<Result<RarityTokensData>> {
  const { db } = ctx;
  const now = ctx.now();
  const page = { page: query.page, page_size: RARITY_PAGE_SIZE };
  const summary = await raritySummary(db, query.address, now);
  if (!summary) return ok({ collection: null, traits: [], list: [], total: 0, selected: null, ...page });

  const bounds = rankBounds(query, summary.ranked);
  const filter = {
    traits: query.traits ?? {},
    listedOnly: query.listed === '1',
    rankMin: bounds?.min ?? null,
    rankMax: bounds?.max ?? null,
  };
  const [values, matching, selected] = await Promise.all([
    traitValueCounts(db, query.address, TRAIT_VALUES_LIMIT),
    bounds
      ? rarityTokenPage(db, query.address, filter, now, {
          offset: (query.page - 1) * RARITY_PAGE_SIZE,
          limit: RARITY_PAGE_SIZE,
        })
      : { rows: [], total: 0 },
    query.token === undefined ? undefined : selectedToken(ctx, query.address, query.token, summary),
  ]);
  const [traits, names] = await Promise.all([
    tokenTraitRows(
      db,
      query.address,
      matching.rows.map((row) => row.token_id),
    ),
    ownerNames(ctx, matching.rows),
  ]);
  return ok({
    collection: {
      address: summary.address,
      name: summary.name,
      img: summary.image_url,
      type: collectionType(summary.standard),
      floor_value: summary.floor,
      unranked_reason: unrankedReason(summary),
      ...coverage(summary.total_supply, summary),
    },
    traits: traitTypes(values),
    list: matching.rows.map((row) => ({
      ...tokenFields(row, summary.ranked, names),
      traits: traits
        .filter((trait) => trait.token_id === row.token_id)
        .map((trait) => ({ type: trait.trait_type, value: trait.value })),
    })),
    total: matching.total,
    selected: selected ?? null,
    ...page,
  });
}

function traitTypes(rows: readonly { trait_type: string; value: string; count: number }[]): TraitType[] {
  const types = new Map<string, TraitType>();
  for (const row of rows) {
    const type = types.get(row.trait_type) ?? { type: row.trait_type, values: [] };
    type.values.push({ value: row.value, count: row.count });
    types.set(row.trait_type, type);
  }
  return [...types.values()];
}

async function selectedToken(
  ctx: AppContext,
  address: string,
  tokenId: string,
  summary: RaritySummaryRecord,
): Promise<RarityTokensData['selected']> {
  const noFilter = { traits: {}, listedOnly: false, rankMin: null, rankMax: null, tokenId };
  const [{ rows }, shares] = await Promise.all([
    rarityTokenPage(ctx.db, address, noFilter, ctx.now(), { offset: 0, limit: 1 }),
    traitShares(ctx.db, address, tokenId),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    ...tokenFields(row, summary.ranked, await ownerNames(ctx, [row])),
    traits: shares.map((share) => ({
      type: share.trait_type,
      value: share.value,
      kind: share.kind,
      count: share.count,
      percent: summary.with_metadata === 0 ? 0 : roundedPercent(share.count, summary.with_metadata),
    })),
  };
}

/** `part / whole` to 2 decimals, from wei amounts. */
function ratio(part: string, whole: string): number {
  return Number((BigInt(part) * 100n + BigInt(whole) / 2n) / BigInt(whole)) / 100;
}

export async function rarityRecommendations(
  ctx: AppContext,
  address: string | undefined,
): Promise<Result<RecommendationsData>> {
  const rows = await recommendedListings(ctx.db, ctx.now(), {
    collection: address ?? null,
    topPercent: RECOMMEND_TOP_PERCENT,
    maxFloorMultiple: RECOMMEND_MAX_FLOOR_MULTIPLE,
    limit: RECOMMEND_LIMIT,
  });
  return ok({
    list: rows.map((row) => {
      const covered = coverage(row.total_supply, row);
      return {
        address: row.address,
        collection_name: row.collection_name,
        collection_img: row.collection_img,
        token_id: row.token_id,
        img: row.img,
        flag: rankTierCode(rankTier(row.rank, row.ranked)),
        price: row.price,
        floor_value: row.floor,
        marketplace: row.marketplace,
        reason: {
          rank: row.rank,
          ranked: row.ranked,
          top_percent: roundedPercent(row.rank, row.ranked),
          floor_multiple: ratio(row.price, row.floor),
          supply: covered.supply,
          coverage: covered.coverage,
        },
      };
    }),
    rule: { top_percent: RECOMMEND_TOP_PERCENT, max_floor_multiple: RECOMMEND_MAX_FLOOR_MULTIPLE },
  });
}
