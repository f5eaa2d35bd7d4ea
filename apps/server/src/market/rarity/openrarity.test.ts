import { describe, expect, it } from 'vitest';
import { type RarityToken, TRAIT_COUNT_TRAIT, assignRanks, rankByOpenRarity, traitFrequencies } from './openrarity';

/** Tokens 0, 1, 2… with string traits (or number ones, given as numbers), as OpenRarity's test helpers make them. */
function collection(traits: readonly Record<string, string | number>[]): RarityToken[] {
  return traits.map((record, id) => ({
    tokenId: String(id),
    traits: Object.entries(record).map(([type, value]) =>
      typeof value === 'number'
        ? { type, value: String(value), kind: 'number' as const }
        : { type, value, kind: 'string' as const },
    ),
  }));
}

/** OpenRarity's scores, to within one unit in the last place (see pairwiseSum). */
function expectScores(actual: readonly number[], expected: readonly number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((score, i) => expect(Math.abs(score - expected[i]!)).toBeLessThanOrEqual(expected[i]! * 5e-16));
}

const order = (ranked: ReturnType<typeof rankByOpenRarity>) =>
  ranked.map(({ tokenId, rank, uniqueTraits }) => ({ id: Number(tokenId), rank, unique: uniqueTraits }));

// The collections and expected values of OpenRarity 0.7's own tests (tests/test_rarity_ranker.py,
// tests/scoring/test_scoring_handlers.py, tests/models/test_collection.py); the exact scores are its own.
describe('OpenRarity ranks', () => {
  it('ranks nothing in an empty collection, and the one token of a collection of one first with score 0', () => {
    expect(rankByOpenRarity([])).toEqual([]);
    expect(rankByOpenRarity(collection([{ trait1: 'value1' }]))).toEqual([
      // Its value and its trait count are held by it alone.
      { tokenId: '0', rank: 1, score: 0, uniqueTraits: 2 },
    ]);
  });

  it('sorts by unique traits before score, and gives tokens equal in both one rank in their input order', () => {
    const ranked = rankByOpenRarity(
      collection([
        { trait1: 'value1', trait2: 'value1', trait3: 'value2' },
        { trait1: 'value1', trait2: 'value2', trait3: 'value2' },
        { trait1: 'value1', trait2: 'value2', trait3: 'value3' },
        { trait1: 'value1', trait2: 'value2', trait3: 'value2', trait4: 'value1' },
      ]),
    );
    expect(order(ranked)).toEqual([
      { id: 3, rank: 1, unique: 2 },
      { id: 0, rank: 2, unique: 1 },
      { id: 2, rank: 2, unique: 1 },
      { id: 1, rank: 4, unique: 0 },
    ]);
  });

  it('scores information content over the collection entropy', () => {
    const ranked = rankByOpenRarity(
      collection([
        { trait1: 'value1', trait2: 'value1', trait3: 'value1' },
        { trait1: 'value1', trait2: 'value1', trait3: 'value1' },
        { trait1: 'value2', trait2: 'value1', trait3: 'value3' },
        { trait1: 'value2', trait2: 'value2', trait3: 'value3' },
        { trait1: 'value3', trait2: 'value3', trait3: 'value3' },
      ]),
    );
    expect(ranked.map(({ tokenId, rank }) => [Number(tokenId), rank])).toEqual([
      [4, 1],
      [3, 2],
      [0, 3],
      [1, 3],
      [2, 5],
    ]);
    expectScores(
      ranked.map(({ score }) => score),
      [1.3926137488801251, 1.1338031424711967, 0.8749925360622679, 0.8749925360622679, 0.7235980365241422],
    );
    expect(ranked[2]!.score).toBe(ranked[3]!.score);
  });

  it('numbers distinct scores 1 to n, a token with more unique traits first even when its score is lower', () => {
    const ranked = rankByOpenRarity(
      collection([
        { trait1: 'value1', trait2: 'value1', trait3: 'value2' },
        { trait1: 'value1', trait2: 'value2', trait3: 'value2' },
        { trait1: 'value1', trait2: 'value2', trait3: 'value3' },
        { trait1: 'value1', trait2: 'value4', trait3: 'value2', trait4: 'value1' },
      ]),
    );
    expect(order(ranked)).toEqual([
      { id: 3, rank: 1, unique: 3 },
      { id: 2, rank: 2, unique: 1 },
      { id: 0, rank: 3, unique: 1 },
      { id: 1, rank: 4, unique: 0 },
    ]);
    expectScores(
      ranked.map(({ score }) => score),
      [1.6307340092133074, 0.9736238578009505, 0.8249235198609636, 0.5707186131247787],
    );
  });

  it('counts a missing trait as a null value of its own, as frequent as the tokens without the trait', () => {
    const ranked = rankByOpenRarity(
      collection([
        { bottom: 'spec', hat: 'spec', special: 'true' },
        { bottom: '1', hat: '1', special: 'true' },
        { bottom: '1', hat: '1' },
        { bottom: '2', hat: '2' },
        { bottom: '2', hat: '2' },
        { bottom: '3', hat: '2' },
      ]),
    );
    const scores = Object.fromEntries(ranked.map(({ tokenId, score }) => [tokenId, score]));
    // OpenRarity's entropy here is 5.214035419190713 bits. Token 2 holds bottom 1 and hat 1 (2 of 6 each), no
    // special and a trait count of 2 (4 of 6 each).
    expect(scores['2']).toBeCloseTo((2 * Math.log2(3) + 2 * Math.log2(1.5)) / 5.214035419190713, 14);
    expect(order(ranked)).toEqual([
      { id: 0, rank: 1, unique: 2 },
      { id: 5, rank: 2, unique: 1 },
      { id: 1, rank: 3, unique: 0 },
      { id: 2, rank: 4, unique: 0 },
      { id: 3, rank: 5, unique: 0 },
      { id: 4, rank: 5, unique: 0 },
    ]);
    expectScores(
      ranked.map(({ score }) => score),
      [
        1.5995000671052362, 0.9119400080526283, 1.215920010736838, 0.8323399543684394, 0.7201499798684291,
        0.7201499798684291,
      ],
    );
  });

  it("scores a trait of value 'none' as it scores the trait missing", () => {
    const withMissing = rankByOpenRarity(
      collection([
        { bottom: '1', hat: '1', special: 'true' },
        { bottom: '1', hat: '1' },
        { bottom: '2', hat: '2' },
        { bottom: '2', hat: '2' },
        { bottom: '3', hat: '2' },
      ]),
    );
    const withNone = rankByOpenRarity(
      collection([
        { bottom: '1', hat: '1', special: 'true' },
        { bottom: '1', hat: '1', special: 'none' },
        { bottom: '2', hat: '2', special: 'none' },
        { bottom: '2', hat: '2', special: 'none' },
        { bottom: '3', hat: '2', special: 'none' },
      ]),
    );
    expect(withNone).toEqual(withMissing);
  });

  it('scores every token of a uniform collection 1: its information is the entropy', () => {
    // OpenRarity's uniform collection: 10,000 tokens, 5 traits, each token's values those of its tenth.
    const uniform = Array.from({ length: 10_000 }, (_, id) =>
      Object.fromEntries(Array.from({ length: 5 }, (__, trait) => [String(trait), String(Math.floor(id / 1000))])),
    );
    const ranked = rankByOpenRarity(collection(uniform));
    expect(ranked.every(({ rank, score }) => rank === 1 && Math.abs(score - 1) < 1e-8)).toBe(true);
  });
});

describe('OpenRarity ties', () => {
  it('shares a rank between neighbours whose scores are equal, whatever their unique traits', () => {
    const ranked = assignRanks([
      { tokenId: '1', score: 1.5, uniqueTraits: 1 },
      { tokenId: '2', score: 1.5, uniqueTraits: 2 },
      { tokenId: '3', score: 0.2, uniqueTraits: 3 },
      { tokenId: '4', score: 7, uniqueTraits: 0 },
    ]);
    expect(ranked.map(({ tokenId, rank }) => [tokenId, rank])).toEqual([
      ['3', 1],
      ['2', 2],
      ['1', 2],
      ['4', 4],
    ]);
  });

  it('treats scores within a relative 1e-9 as equal (1, 2, 2, 2, 5) and no wider', () => {
    const ranked = assignRanks(
      [3, 2, 2 * (1 - 4e-10), 2 * (1 - 8e-10), 1.9].map((score, id) => ({
        tokenId: String(id),
        score,
        uniqueTraits: 0,
      })),
    );
    expect(ranked.map(({ rank }) => rank)).toEqual([1, 2, 2, 2, 5]);
    const apart = assignRanks(
      [2, 2 * (1 - 2e-9)].map((score, id) => ({ tokenId: String(id), score, uniqueTraits: 0 })),
    );
    expect(apart.map(({ rank }) => rank)).toEqual([1, 2]);
  });
});

describe('OpenRarity traits', () => {
  it('compares types and values lower-cased and trimmed, and scores no number trait', () => {
    const tokens = collection([
      { Hat: ' Cap', Shirt: 'Vest', level: 3 },
      { hat: 'cap ', shirt: 'vest' },
      { HAT: 'Beanie', shirt: 'tee', level: 9 },
      { hat: 'beanie', Shirt: 'Tee', eyes: 'None' },
    ]);
    expect(traitFrequencies(tokens)).toEqual(
      new Map([
        [
          'hat',
          new Map([
            ['cap', 2],
            ['beanie', 2],
          ]),
        ],
        [
          'shirt',
          new Map([
            ['vest', 2],
            ['tee', 2],
          ]),
        ],
        [
          TRAIT_COUNT_TRAIT,
          new Map([
            ['3', 2],
            ['2', 2],
          ]),
        ],
        ['eyes', new Map([['none', 1]])],
      ]),
    );
    // Token 3's 'none' is its own unique value (though not counted as a trait); the rest tie.
    const ranked = rankByOpenRarity(tokens);
    expect(order(ranked)).toEqual([
      { id: 3, rank: 1, unique: 1 },
      { id: 0, rank: 2, unique: 0 },
      { id: 1, rank: 2, unique: 0 },
      { id: 2, rank: 2, unique: 0 },
    ]);
    expectScores(
      ranked.map(({ score }) => score),
      [1.311895861892672, 0.8960347127024427, 0.8960347127024427, 0.8960347127024427],
    );
  });

  it('counts number traits in the trait count, and a trait already named like the count once', () => {
    const frequencies = traitFrequencies(
      collection([
        { hat: 'cap', bottom: 'jeans', 'something another': 'special', [TRAIT_COUNT_TRAIT]: '3' },
        { hat: 'cap', 'something another': 'not special', [TRAIT_COUNT_TRAIT]: '2' },
        { hat: 'bucket hat', new: 'very special', 'integer trait': 1, four: 'four value', [TRAIT_COUNT_TRAIT]: '4' },
        { hat: 'bucket hat', new: 'very special', 'integer trait': 1, four: 'four value', TRAIT_COUNT: '4' },
      ]),
    );
    expect(frequencies.get(TRAIT_COUNT_TRAIT)).toEqual(
      new Map([
        ['3', 1],
        ['2', 1],
        ['4', 1],
        ['5', 1],
      ]),
    );
    expect(frequencies.get('trait_count')).toEqual(new Map([['4', 1]]));
  });
});
