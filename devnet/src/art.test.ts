import { describe, expect, it } from 'vitest';
import { coverImageSvg, hiddenImageSvg, tokenImageSvg } from './art';
import { UPCOMING_PROJECTS } from './calendar';
import { type ArtSpec, COLLECTIONS, type CollectionSpec, collectionBySlug, type TraitSpec } from './catalog';

const foxes = collectionBySlug('moonlit-foxes') as CollectionSpec;

/** Every tag closed in the order it was opened: enough to catch a broken template. */
function isBalanced(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name ?? '');
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

/** What is wrong with an image that must be a small, standalone, well-formed SVG; empty when nothing is. */
function svgProblems(svg: string): string[] {
  const checks: [boolean, string][] = [
    [svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"'), 'no standalone <svg> root'],
    [svg.endsWith('</svg>'), 'not closed'],
    [!/NaN|undefined|null|Infinity|\[object/.test(svg), 'a value leaked into the markup'],
    [!/href=|<image|<text|font-family|@import|url\((?!#)/.test(svg), 'depends on something outside the file'],
    [Buffer.byteLength(svg) < 3_000, `${Buffer.byteLength(svg)} bytes`],
    [isBalanced(svg), 'tags not balanced'],
  ];
  return checks.filter(([ok]) => !ok).map(([, problem]) => problem);
}

/** A collection whose every token has the given value for one trait type. */
function withOnly(spec: CollectionSpec, type: string, value: string): CollectionSpec {
  const traits: TraitSpec[] = spec.traits.map((trait) =>
    trait.type === type ? { type, values: [{ value, weight: 100 }] } : trait,
  );
  return { ...spec, traits };
}

describe('token images', () => {
  it('draws the same token the same way every time', () => {
    expect(tokenImageSvg(foxes, 7)).toBe(tokenImageSvg(foxes, 7));
  });

  it('draws different tokens differently', () => {
    const images = new Set(Array.from({ length: 30 }, (_, i) => tokenImageSvg(foxes, i + 1)));
    expect(images.size).toBe(30);
  });

  it.each(COLLECTIONS)('are small, standalone, well-formed SVGs in $slug', (spec) => {
    const ids = Array.from({ length: Math.min(spec.supply, 60) }, (_, i) => i + 1);
    const problems = ids.flatMap((id) => svgProblems(tokenImageSvg(spec, id)).map((problem) => `#${id}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it.each(COLLECTIONS)('show the traits of $slug: each trait type changes the picture', (spec) => {
    const undrawn = spec.traits.filter((trait) => {
      const [first, second] = trait.values.map(({ value }) => tokenImageSvg(withOnly(spec, trait.type, value), 1));
      return first === second;
    });
    expect(undrawn.map((trait) => trait.type)).toEqual([]);
  });

  it('leaves a part plain when the collection has no trait for it instead of inventing one', () => {
    const withoutAccessory = { ...foxes, traits: foxes.traits.filter((trait) => trait.type !== 'Accessory') };
    for (const id of [1, 2, 3, 4, 5]) {
      expect(tokenImageSvg(withoutAccessory, id)).toBe(tokenImageSvg(withOnly(foxes, 'Accessory', 'None'), id));
    }
  });

  it('carry the token name as an escaped title', () => {
    expect(tokenImageSvg(foxes, 7)).toContain('<title>Moonlit Foxes #7</title>');
    const potions = collectionBySlug('ember-alchemy') as CollectionSpec;
    expect(tokenImageSvg(potions, 1)).toContain(`<title>${potions.items?.[0]}</title>`);
  });

  it('look different across collections: at least 4 styles', () => {
    const styles = new Set(COLLECTIONS.map((spec) => spec.art.style));
    expect(styles.size).toBeGreaterThanOrEqual(4);
  });
});

describe('cover and hidden images', () => {
  const subjects = [...COLLECTIONS, ...UPCOMING_PROJECTS];

  it('exist for every collection and every upcoming project, drawn the same each time', () => {
    const problems = subjects.flatMap((subject) => [
      ...svgProblems(coverImageSvg(subject)).map((problem) => `${subject.slug} cover: ${problem}`),
      ...svgProblems(hiddenImageSvg(subject)).map((problem) => `${subject.slug} hidden: ${problem}`),
    ]);
    expect(problems).toEqual([]);
    expect(subjects.filter((subject) => coverImageSvg(subject) !== coverImageSvg(subject))).toEqual([]);
    expect(new Set(subjects.map((subject) => coverImageSvg(subject))).size).toBe(subjects.length);
  });

  it.each<ArtSpec>([
    { style: 'critter', hue: 10, species: 'fox' },
    { style: 'pixel', hue: 10 },
    { style: 'planet', hue: 10, surface: 'craters' },
    { style: 'landscape', hue: 10, terrain: 'peaks' },
    { style: 'robot', hue: 10 },
    { style: 'bauhaus', hue: 10 },
    { style: 'potion', hue: 10 },
  ])('draws the cover of a project without traits in the $style style', (art) => {
    expect(svgProblems(coverImageSvg({ slug: 'x', name: 'X', art }))).toEqual([]);
  });

  it('escapes the name it writes into the image', () => {
    const svg = coverImageSvg({ slug: 'odd', name: `Tom & "Jerry's" <Club>`, art: { style: 'robot', hue: 0 } });
    expect(svg).toContain('<title>Tom &#38; &#34;Jerry&#39;s&#34; &#60;Club&#62;</title>');
    expect(isBalanced(svg)).toBe(true);
  });

  it('hides what a token looks like: every hidden image of a collection is the same card', () => {
    const hollow = collectionBySlug('hollow-moons') as CollectionSpec;
    expect(hiddenImageSvg(hollow)).toContain('<title>Hollow Moons (unrevealed)</title>');
    expect(hiddenImageSvg(hollow)).not.toBe(tokenImageSvg(hollow, 1));
  });
});
