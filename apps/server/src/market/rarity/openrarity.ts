/**
 * OpenRarity v0.7 (github.com/ProjectOpenSea/open-rarity), the published standard for NFT rarity, in TypeScript:
 * the same scores, ranks and ties as its `RarityRanker.rank_collection`, for the worker, the CLI and the bench.
 *
 * - Only string traits are scored. Names and values are compared lower-cased and trimmed; a later trait of the same
 *   (normalised) name replaces an earlier one, as in OpenRarity's attribute dictionaries.
 * - Every token gets one more string trait, `meta_trait:trait_count`: how many traits it has (string ones whose value
 *   is not 'none' or empty, plus its number and date traits).
 * - A token without a trait type the collection has holds that type's null value, as frequent as the tokens without it.
 * - A token's score is its information content (the sum of -log2 of each value's share of the collection) divided by
 *   the collection's entropy; a collection without entropy (one token, or identical tokens) divides by 1.
 * - Tokens sort by how many traits they alone have, then by score, both descending; equal keys keep the input order.
 *   A token whose score is within a relative 1e-9 of the one before it shares that token's rank (1, 2, 2, 2, 5).
 */

import type { TraitKind } from '../../chain/traits';

export type RarityTrait = { type: string; value: string; kind: TraitKind };

export type RarityToken = { tokenId: string; traits: readonly RarityTrait[] };

export type RankedToken = {
  tokenId: string;
  rank: number;
  score: number;
  /** Traits no other token of the collection has (the first sort key). */
  uniqueTraits: number;
};

export const TRAIT_COUNT_TRAIT = 'meta_trait:trait_count';

/** Python's `math.isclose` default: ranks are shared within about 9 significant digits. */
const TIE_RELATIVE_TOLERANCE = 1e-9;

/** Ranks the tokens as given (the collection is exactly these), rarest first. */
export function rankByOpenRarity(tokens: readonly RarityToken[]): RankedToken[] {
  if (tokens.length === 0) return [];
  const traitSets = tokens.map(scoredTraits);
  const supply = tokens.length;
  const frequencies = countValues(traitSets);
  const nullCount = (values: Map<string, number>) => supply - sum([...values.values()]);

  // Over every value of every type, in the order first met, as OpenRarity adds them.
  const entropyTerms: number[] = [];
  for (const values of frequencies.values()) {
    for (const count of [...values.values(), nullCount(values)]) {
      if (count === 0) continue;
      const share = count / supply;
      entropyTerms.push(share * Math.log2(share));
    }
  }
  const entropy = -pairwiseSum(entropyTerms);
  const normalisation = entropy === 0 ? 1 : entropy;

  // A token's information adds up by trait type in alphabetical order, as OpenRarity's does.
  const types = [...frequencies.keys()].toSorted();
  const valueCounts = types.map((type) => frequencies.get(type)!);
  const nullCounts = valueCounts.map(nullCount);

  const information: number[] = [];
  const scored = traitSets.map((traits, index) => {
    let uniqueTraits = 0;
    for (const [i, type] of types.entries()) {
      const value = traits.get(type);
      const count = value === undefined ? nullCounts[i]! : valueCounts[i]!.get(value)!;
      if (value !== undefined && count === 1) uniqueTraits++;
      // log2 of the share written as OpenRarity computes it (the reciprocal of supply / count), for the same bits.
      information[i] = Math.log2(1 / (supply / count));
    }
    const score = -pairwiseSum(information) / normalisation;
    // -0 (a token whose every value all tokens share) reads as 0.
    return { tokenId: tokens[index]!.tokenId, score: score === 0 ? 0 : score, uniqueTraits };
  });

  return assignRanks(scored);
}

/**
 * Whether the tokens have anything to rank by: OpenRarity would rank tokens without a string trait by their trait
 * count alone, which says nothing of rarity, so FloorDesk ranks none of them (the worker and the CLI alike).
 */
export function hasStringTrait(tokens: readonly RarityToken[]): boolean {
  return tokens.some((token) => token.traits.some((trait) => trait.kind === 'string'));
}

/**
 * Sorts scored tokens rarest first and numbers them (OpenRarity's `set_rarity_ranks`). Array sorting is
 * stable, as Python's sorted() is with reverse=True, so equal keys keep the order the tokens came in.
 */
export function assignRanks<T extends Omit<RankedToken, 'rank'>>(tokens: readonly T[]): (T & { rank: number })[] {
  const sorted = tokens
    .map((token) => ({ ...token, rank: 0 }))
    .toSorted((a, b) => b.uniqueTraits - a.uniqueTraits || b.score - a.score);
  for (const [i, token] of sorted.entries()) {
    const previous = sorted[i - 1];
    token.rank = previous && isClose(token.score, previous.score) ? previous.rank : i + 1;
  }
  return sorted;
}

/** How many tokens hold each (normalised) value of each trait type, `meta_trait:trait_count` included. */
export function traitFrequencies(tokens: readonly RarityToken[]): Map<string, Map<string, number>> {
  return countValues(tokens.map(scoredTraits));
}

function countValues(traitSets: readonly Map<string, string>[]): Map<string, Map<string, number>> {
  const frequencies = new Map<string, Map<string, number>>();
  for (const traits of traitSets) {
    for (const [type, value] of traits) {
      let values = frequencies.get(type);
      if (!values) frequencies.set(type, (values = new Map()));
      values.set(value, (values.get(value) ?? 0) + 1);
    }
  }
  return frequencies;
}

/** A token's string traits by normalised type, its trait count included, as OpenRarity's Collection sees them. */
function scoredTraits(token: RarityToken): Map<string, string> {
  const strings = new Map<string, string>();
  const others = { number: new Set<string>(), date: new Set<string>() };
  for (const trait of token.traits) {
    const type = normalise(trait.type);
    if (trait.kind === 'string') strings.set(type, normalise(trait.value));
    else others[trait.kind].add(type);
  }
  let count = others.number.size + others.date.size;
  for (const value of strings.values()) if (value !== 'none' && value !== '') count++;
  if (strings.has(TRAIT_COUNT_TRAIT) || others.number.has(TRAIT_COUNT_TRAIT) || others.date.has(TRAIT_COUNT_TRAIT))
    count--;
  strings.set(TRAIT_COUNT_TRAIT, String(count));
  return strings;
}

function normalise(text: string): string {
  return text.toLowerCase().trim();
}

function isClose(a: number, b: number): boolean {
  return Math.abs(a - b) <= TIE_RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * numpy's pairwise summation (np.sum, with which OpenRarity adds a token's information): the same additions in the
 * same order, so scores agree with OpenRarity's to the last bit or one unit in it (its entropy comes from BLAS's
 * fused multiply-adds, and V8's log2 is not always numpy's: 36 of BAYC's 10,000 scores differ, by 4e-16 at most).
 * Ranks are unaffected, ties being within 1e-9.
 */
function pairwiseSum(values: readonly number[], from = 0, to = values.length): number {
  const n = to - from;
  if (n < 8) {
    let total = 0;
    for (let i = from; i < to; i++) total += values[i]!;
    return total;
  }
  if (n <= 128) {
    const r = values.slice(from, from + 8);
    let i = from + 8;
    for (; i < to - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j]! += values[i + j]!;
    let total = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < to; i++) total += values[i]!;
    return total;
  }
  const half = Math.floor(n / 2) - (Math.floor(n / 2) % 8);
  return pairwiseSum(values, from, from + half) + pairwiseSum(values, from + half, to);
}
