import { describe, expect, it } from 'vitest';
import { COLLECTIONS, type CollectionSpec, collectionBySlug } from './catalog';
import {
  collectionMetadata,
  hiddenMetadata,
  hiddenMetadataUri,
  isValidTokenId,
  metadataBaseUri,
  parseTokenId,
  tokenMetadata,
  tokenTraits,
} from './metadata';

const ORIGIN = 'http://127.0.0.1:8080';

function collection(slug: string): CollectionSpec {
  const spec = collectionBySlug(slug);
  if (!spec) throw new Error(`no collection ${slug}`);
  return spec;
}

const foxes = collection('moonlit-foxes');
const potions = collection('ember-alchemy');

describe('tokenTraits', () => {
  it('gives a token the same traits every time', () => {
    expect(tokenTraits(foxes, 42)).toEqual(tokenTraits(foxes, 42));
  });

  it('gives one value per trait type, in the catalog order, from that type’s values', () => {
    for (const spec of COLLECTIONS) {
      const traits = tokenTraits(spec, 1);
      expect(traits.map((trait) => trait.trait_type)).toEqual(spec.traits.map((trait) => trait.type));
      traits.forEach((trait, i) => {
        expect(spec.traits[i]?.values.map(({ value }) => value)).toContain(trait.value);
      });
    }
  });

  it('varies from token to token and from collection to collection', () => {
    const combinations = new Set(Array.from({ length: 50 }, (_, i) => JSON.stringify(tokenTraits(foxes, i + 1))));
    expect(combinations.size).toBeGreaterThan(40);
    const bears = collection('drowsy-bears');
    expect(tokenTraits(bears, 1)).not.toEqual(tokenTraits({ ...bears, slug: 'other-bears' }, 1));
  });

  it.each(COLLECTIONS)('draws each value of $slug about as often as its weight says, rare ones included', (spec) => {
    const tokens = 2_000;
    const counts = new Map<string, number>();
    for (let id = 1; id <= tokens; id++) {
      for (const { trait_type, value } of tokenTraits(spec, id)) {
        const key = `${trait_type}: ${value}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const offenders = spec.traits.flatMap((trait) =>
      trait.values.flatMap(({ value, weight }) => {
        const expected = weight / 100;
        const observed = (counts.get(`${trait.type}: ${value}`) ?? 0) / tokens;
        // Four standard deviations of a binomial share, plus a floor for the rarest values.
        const tolerance = 4 * Math.sqrt((expected * (1 - expected)) / tokens) + 0.002;
        return Math.abs(observed - expected) < tolerance ? [] : [`${trait.type}: ${value} ${observed} vs ${expected}`];
      }),
    );
    expect(offenders).toEqual([]);
  });
});

describe('token metadata', () => {
  it('names an ERC-721 token "<collection> #<id>" and points at its image under the origin', () => {
    expect(tokenMetadata(foxes, 7, ORIGIN)).toEqual({
      name: 'Moonlit Foxes #7',
      description: foxes.description,
      image: `${ORIGIN}/devnet/images/moonlit-foxes/7.svg`,
      attributes: tokenTraits(foxes, 7),
    });
  });

  it('names each ERC-1155 id after its own item', () => {
    expect(tokenMetadata(potions, 1, ORIGIN).name).toBe(potions.items?.[0]);
    expect(tokenMetadata(potions, potions.supply, ORIGIN).name).toBe(potions.items?.at(-1));
    expect(tokenMetadata(potions, 3, ORIGIN).image).toBe(`${ORIGIN}/devnet/images/ember-alchemy/3.svg`);
  });

  it('does not double the slash when the origin ends with one', () => {
    expect(tokenMetadata(foxes, 7, `${ORIGIN}/`).image).toBe(`${ORIGIN}/devnet/images/moonlit-foxes/7.svg`);
    expect(metadataBaseUri(`${ORIGIN}/`, 'moonlit-foxes')).toBe(`${ORIGIN}/devnet/metadata/moonlit-foxes/`);
  });

  it('shows a hidden token with the hidden image and no attributes', () => {
    const hidden = hiddenMetadata(collection('hollow-moons'), ORIGIN);
    expect(hidden.image).toBe(`${ORIGIN}/devnet/images/hollow-moons/hidden.svg`);
    expect(hidden).not.toHaveProperty('attributes');
    expect(hidden.name).toContain('Hollow Moons');
  });

  it('describes the collection with its cover, site and royalty', () => {
    expect(collectionMetadata(foxes, ORIGIN)).toEqual({
      name: 'Moonlit Foxes',
      description: foxes.description,
      image: `${ORIGIN}/devnet/images/moonlit-foxes/cover.svg`,
      external_link: 'https://moonlit-foxes.example',
      seller_fee_basis_points: foxes.royaltyBps,
    });
  });

  it('builds the contract URIs the metadata routes answer', () => {
    expect(`${metadataBaseUri(ORIGIN, 'moonlit-foxes')}42`).toBe(`${ORIGIN}/devnet/metadata/moonlit-foxes/42`);
    expect(hiddenMetadataUri(ORIGIN, 'hollow-moons')).toBe(`${ORIGIN}/devnet/metadata/hollow-moons/hidden`);
  });
});

describe('token ids', () => {
  it('accepts 1 to supply for both standards', () => {
    for (const spec of [foxes, potions]) {
      expect(isValidTokenId(spec, 1)).toBe(true);
      expect(isValidTokenId(spec, spec.supply)).toBe(true);
      expect(isValidTokenId(spec, 0)).toBe(false);
      expect(isValidTokenId(spec, spec.supply + 1)).toBe(false);
      expect(isValidTokenId(spec, 1.5)).toBe(false);
      expect(isValidTokenId(spec, Number.NaN)).toBe(false);
    }
  });

  it('parses plain decimal ids in range', () => {
    expect(parseTokenId(foxes, '1')).toBe(1);
    expect(parseTokenId(foxes, '10000')).toBe(10_000);
    expect(parseTokenId(potions, String(potions.supply))).toBe(potions.supply);
    expect(parseTokenId(potions, String(potions.supply + 1))).toBeUndefined();
  });

  it.each(['0', '10001', '01', '-1', '+1', '1.5', '1.0', '0x10', '1e3', ' 1', '1 ', '', 'abc', '9'.repeat(400)])(
    'refuses %j',
    (text) => {
      expect(parseTokenId(foxes, text)).toBeUndefined();
    },
  );
});
