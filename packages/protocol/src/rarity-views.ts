import { z } from 'zod';
import { UintString } from './market';
import { CollectionAddress, CollectionType, SearchQuery } from './market-views';
import { MARKETPLACES } from './marketplaces';
import { fieldRuleMessages } from './primitives';
import type { RankTierName } from './wire-codes';

/**
 * /rarityMore's rule (ours): a listed token is recommended when its rank is within the rarest
 * RECOMMEND_TOP_PERCENT of its collection's ranked tokens and its price at most RECOMMEND_MAX_FLOOR_MULTIPLE times
 * the collection's floor; the best have the smallest top percent × floor multiple (rarer and nearer the floor).
 */
export const RECOMMEND_TOP_PERCENT = 10;
export const RECOMMEND_MAX_FLOOR_MULTIPLE = 1.5;
export const RECOMMEND_LIMIT = 50;
/** Collections /rarityHome lists at once; a search narrows them. */
export const RARITY_COLLECTIONS_LIMIT = 100;
export const RARITY_PAGE_SIZE = 50;
/** Values of one trait type offered by the filter, commonest first; a type with more is cut there. */
export const TRAIT_VALUES_LIMIT = 200;

const TRAIT_FILTER_MAX_LENGTH = 4_000;
const TRAIT_TEXT_MAX = 200;
const TRAIT_TYPES_MAX = 20;
const TRAIT_VALUES_MAX = 50;

const CONTROL_CHARACTER = /\p{Cc}/u;

const RANK_TIER_NAMES = ['ordinary', 'classic', 'rare', 'legendary'] as const satisfies readonly RankTierName[];

export const RarityCollectionsQuery = z.object({
  /** As the header's search reads it; every collection with traits when absent. */
  q: SearchQuery.shape.q.optional(),
});

/** How much of a collection the ranks cover. */
export const RarityCoverage = z.object({
  /** Items in the collection (the contract's supply, else the tokens FloorDesk has seen). */
  supply: z.number().int(),
  /** Tokens whose metadata is in. */
  with_metadata: z.number().int(),
  /** Tokens with a rank. */
  ranked: z.number().int(),
  /** Percent of the supply whose metadata is in, 2 decimals; below 100 every rarity view warns. */
  coverage: z.number(),
});
export type RarityCoverage = z.infer<typeof RarityCoverage>;

export const RarityCollectionRow = RarityCoverage.extend({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  type: CollectionType,
  /** The cheapest fillable listing, wei; null when nothing is listed. */
  floor_value: UintString.nullable(),
  listed: z.number().int(),
});
export type RarityCollectionRow = z.infer<typeof RarityCollectionRow>;
export const RarityCollectionsData = z.object({
  /** Collections with traits, most ranked tokens first. */
  list: z.array(RarityCollectionRow),
});
export type RarityCollectionsData = z.infer<typeof RarityCollectionsData>;

const TraitText = z
  .string()
  .min(1)
  .max(TRAIT_TEXT_MAX)
  .refine((text) => !CONTROL_CHARACTER.test(text));
const TraitFilterObject = z
  .record(TraitText, z.array(TraitText).min(1).max(TRAIT_VALUES_MAX))
  .refine((filter) => Object.keys(filter).length <= TRAIT_TYPES_MAX);

/**
 * Trait filters as JSON in one query parameter, `{"Fur":["Robot","Gold"],"Eyes":["Blue"]}`: a token matches when it
 * has one of the listed values of every listed type.
 */
const TraitFilter = z
  .string()
  .max(TRAIT_FILTER_MAX_LENGTH, { error: fieldRuleMessages.traitFilter.en, abort: true })
  .transform((text, ctx) => {
    const parsed = TraitFilterObject.safeParse(parseJson(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: fieldRuleMessages.traitFilter.en });
    return z.NEVER;
  })
  .meta({ example: '{"Fur":["Robot","Gold"]}' });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const Rank = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const RarityTokensQuery = z
  .object({
    address: CollectionAddress,
    traits: TraitFilter.optional(),
    /** '1': only tokens with a fillable listing. */
    listed: z.enum(['0', '1']).default('0'),
    rank_min: Rank.optional(),
    rank_max: Rank.optional(),
    tier: z.enum(RANK_TIER_NAMES).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    /** A token to describe in full (the detail panel), whatever the filters. */
    token: UintString.optional(),
  })
  .refine((query) => query.rank_min === undefined || query.rank_max === undefined || query.rank_min <= query.rank_max, {
    error: fieldRuleMessages.rankRange.en,
    path: ['rank_min'],
  });

export const TraitValue = z.object({ type: z.string(), value: z.string() });
export type TraitValue = z.infer<typeof TraitValue>;

export const RarityToken = z.object({
  token_id: UintString,
  name: z.string().nullable(),
  img: z.string().nullable(),
  /** 1 = rarest; tokens that share a score share a rank. Null until ranked. */
  rank: z.number().int().nullable(),
  /** OpenRarity's score; null with the rank. */
  score: z.number().nullable(),
  /** RankTier (1 ordinary … 4 legendary), null with the rank. */
  flag: z.number().int().min(1).max(4).nullable(),
  /** ERC-721 owner; null for ERC-1155 items. */
  owner: z.string().nullable(),
  /** The owner's ENS name, when it has one. */
  owner_ens: z.string().nullable(),
  /** What a buyer pays for the cheapest fillable listing of this token (fees included), wei; null when unlisted. */
  price: UintString.nullable(),
  marketplace: z.enum(MARKETPLACES).nullable(),
  traits: z.array(TraitValue),
});
export type RarityToken = z.infer<typeof RarityToken>;

export const TraitShare = TraitValue.extend({
  /** Tokens with metadata that have this value, and their percent of those tokens (2 decimals). */
  count: z.number().int(),
  percent: z.number(),
  /** 'string' traits are ranked; 'number' and 'date' ones are shown only. */
  kind: z.enum(['string', 'number', 'date']),
});
export type TraitShare = z.infer<typeof TraitShare>;

export const TraitType = z.object({
  type: z.string(),
  /** Values with their token counts, commonest first (at most TRAIT_VALUES_LIMIT). */
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type TraitType = z.infer<typeof TraitType>;

export const RaritySummary = RarityCoverage.extend({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  type: CollectionType,
  floor_value: UintString.nullable(),
  /**
   * Why no token is ranked: the collection's tokens have no ranked (string) traits, their metadata has not been
   * read yet, or the ranks are being computed. Null once any token is ranked.
   */
  unranked_reason: z.enum(['no_traits', 'metadata_pending', 'ranking']).nullable(),
});
export type RaritySummary = z.infer<typeof RaritySummary>;

export const RarityTokensData = z.object({
  /** Null for a collection FloorDesk does not index: the page shows an empty state. */
  collection: RaritySummary.nullable(),
  /** The ranked (string) trait types, for the filter. */
  traits: z.array(TraitType),
  /** Tokens matching the filters, by rank (unranked last, then by id). */
  list: z.array(RarityToken),
  /** How many tokens match the filters. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The token asked for with `token`, with every trait's share; null when not asked or not found. */
  selected: RarityToken.extend({ traits: z.array(TraitShare) }).nullable(),
});
export type RarityTokensData = z.infer<typeof RarityTokensData>;

/** Why a token is recommended, for the web to word: rank `rank` of `ranked` (top `top_percent` %) at `floor_multiple` × floor. */
export const RecommendationReason = z.object({
  rank: z.number().int(),
  ranked: z.number().int(),
  /** rank / ranked in percent, 2 decimals. */
  top_percent: z.number(),
  /** price / floor, 2 decimals. */
  floor_multiple: z.number(),
  /** The collection's supply and the share of it whose metadata is in: below 100 the ranks are partial (rarity note). */
  supply: z.number().int(),
  coverage: z.number(),
});
export type RecommendationReason = z.infer<typeof RecommendationReason>;

export const Recommendation = z.object({
  address: z.string(),
  collection_name: z.string().nullable(),
  collection_img: z.string().nullable(),
  token_id: UintString,
  img: z.string().nullable(),
  flag: z.number().int().min(1).max(4),
  /** What a buyer pays, wei. */
  price: UintString,
  floor_value: UintString,
  marketplace: z.enum(MARKETPLACES),
  reason: RecommendationReason,
});
export type Recommendation = z.infer<typeof Recommendation>;

export const RecommendationsQuery = z.object({
  /** Only this collection's listings; every collection's when absent. */
  address: CollectionAddress.optional(),
});

export const RecommendationsData = z.object({
  /** Best first: the smallest top percent × floor multiple. */
  list: z.array(Recommendation),
  /** The rule they were picked by. */
  rule: z.object({ top_percent: z.number(), max_floor_multiple: z.number() }),
});
export type RecommendationsData = z.infer<typeof RecommendationsData>;
