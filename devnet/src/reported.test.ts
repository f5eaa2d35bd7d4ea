import { describe, expect, it } from 'vitest';
import { COLLECTIONS, collectionBySlug } from './catalog';
import { REPORTED_TOKEN_IDS } from './reported';

describe('the reported tokens', () => {
  it('name only catalog collections and preminted token ids, so every one exists from the first block', () => {
    const outside = Object.entries(REPORTED_TOKEN_IDS).flatMap(([slug, ids]) => {
      const spec = collectionBySlug(slug);
      const lastPreminted = spec?.standard === 'erc1155' ? spec.supply : (spec?.premint ?? 0);
      return ids.filter((id) => !Number.isInteger(id) || id < 1 || id > lastPreminted).map((id) => `${slug}#${id}`);
    });
    expect(outside).toEqual([]);
  });

  it('flag one or two tokens in most collections and leave at least one collection clean', () => {
    const counts = COLLECTIONS.map((spec) => REPORTED_TOKEN_IDS[spec.slug]?.length ?? 0);
    expect(counts.filter((count) => count > 2)).toEqual([]);
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(COLLECTIONS.length / 2);
    expect(counts).toContain(0);
  });
});
