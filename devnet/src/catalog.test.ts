import { describe, expect, it } from 'vitest';
import { undrawnTraitValues } from './art';
import { COLLECTIONS, collectionBySlug } from './catalog';

const erc721 = COLLECTIONS.filter((collection) => collection.standard === 'erc721');
const erc1155 = COLLECTIONS.filter((collection) => collection.standard === 'erc1155');

describe('the collection catalog', () => {
  it('has at least 12 collections with unique, URL-safe slugs and unique symbols', () => {
    expect(COLLECTIONS.length).toBeGreaterThanOrEqual(12);
    const slugs = COLLECTIONS.map((collection) => collection.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.filter((slug) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toEqual([]);
    const symbols = COLLECTIONS.map((collection) => collection.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('spreads ERC-721 supplies from exactly 100 to exactly 10,000', () => {
    const supplies = erc721.map((collection) => collection.supply);
    expect(Math.min(...supplies)).toBe(100);
    expect(Math.max(...supplies)).toBe(10_000);
    expect(supplies.filter((supply) => supply > 100 && supply < 10_000).length).toBeGreaterThanOrEqual(6);
    expect(supplies.filter((supply) => !Number.isInteger(supply))).toEqual([]);
  });

  it('has exactly one ERC-1155, whose 12 to 30 ids each name a distinct item', () => {
    expect(erc1155).toHaveLength(1);
    const [items] = erc1155;
    expect(items?.supply).toBeGreaterThanOrEqual(12);
    expect(items?.supply).toBeLessThanOrEqual(30);
    expect(items?.items).toHaveLength(items?.supply ?? -1);
    expect(new Set(items?.items).size).toBe(items?.supply);
    expect(erc721.filter((collection) => collection.items !== undefined)).toEqual([]);
  });

  it.each(erc721)('premints a modest share of $slug: at most 1,500, at least 40% when 1,000 or fewer', (spec) => {
    expect(spec.premint).toBeGreaterThan(0);
    expect(spec.premint).toBeLessThanOrEqual(Math.min(spec.supply, 1_500));
    expect(spec.premint).toBeGreaterThanOrEqual(spec.supply <= 1_000 ? 0.4 * spec.supply : 0);
  });

  it('premints at most 1,500 ERC-1155 copies in all', () => {
    expect(erc1155.map(({ supply, premint }) => supply * premint).filter((total) => total > 1_500)).toEqual([]);
  });

  it('has exactly one hidden ERC-721, revealed 20 to 40 minutes after the devnet first starts', () => {
    const hidden = COLLECTIONS.filter((collection) => collection.revealAfterMs !== undefined);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.standard).toBe('erc721');
    expect(hidden[0]?.revealAfterMs).toBeGreaterThanOrEqual(20 * 60_000);
    expect(hidden[0]?.revealAfterMs).toBeLessThanOrEqual(40 * 60_000);
  });

  it('uses at least 4 art styles', () => {
    expect(new Set(COLLECTIONS.map((collection) => collection.art.style)).size).toBeGreaterThanOrEqual(4);
  });

  it('finds a collection by slug', () => {
    expect(collectionBySlug('moonlit-foxes')?.name).toBe('Moonlit Foxes');
    expect(collectionBySlug('no-such-collection')).toBeUndefined();
  });
});

describe.each(COLLECTIONS)('$slug', (collection) => {
  it('prices its mint and royalty like a real collection', () => {
    expect(collection.mintPriceWei).toBeGreaterThan(0n);
    expect(collection.mintPriceWei).toBeLessThan(10n ** 18n);
    expect(collection.royaltyBps).toBeGreaterThan(0);
    expect(collection.royaltyBps).toBeLessThanOrEqual(1_000);
  });

  it('has 4 to 7 distinct trait types whose distinct values weigh 100% in all', () => {
    const { traits } = collection;
    expect(traits.length).toBeGreaterThanOrEqual(4);
    expect(traits.length).toBeLessThanOrEqual(7);
    expect(new Set(traits.map((trait) => trait.type)).size).toBe(traits.length);
    const totals = traits.map((trait) => trait.values.reduce((sum, { weight }) => sum + weight, 0));
    expect(totals.map((total) => Math.round(total * 1e6) / 1e6)).toEqual(traits.map(() => 100));
    const duplicated = traits.filter(
      (trait) => new Set(trait.values.map(({ value }) => value)).size < trait.values.length,
    );
    expect(duplicated).toEqual([]);
  });

  it('is skewed: some values are rare (< 2%) and some common (> 30%)', () => {
    const weights = collection.traits.flatMap((trait) => trait.values.map(({ weight }) => weight));
    expect(Math.min(...weights)).toBeLessThan(2);
    expect(Math.max(...weights)).toBeGreaterThan(30);
  });

  it('has a drawing for every trait value, so its images show its traits', () => {
    expect(undrawnTraitValues(collection)).toEqual([]);
  });

  it('links to placeholder social accounts and a site of its own', () => {
    const { slug, links } = collection;
    expect(links.twitter).toMatch(/^https:\/\/x\.com\/\w+$/);
    expect(links.discord).toMatch(/^https:\/\/discord\.gg\/\w+$/);
    expect(links.website).toBe(`https://${slug}.example`);
  });
});
