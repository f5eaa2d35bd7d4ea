import type { ArtSpec, CollectionSpec, TraitSpec } from './catalog';
import { tokenName, tokenTraits } from './metadata';
import { type Random, seededRandom } from './random';

/**
 * Procedural SVG images for the devnet collections. A token's image is drawn from its traits: colour traits name
 * an entry of COLORS, every other trait value has its own drawing in its style's option tables. Whatever no trait
 * decides (star positions, the tilt of a tile) comes from a stream seeded by the token, so every image is the same
 * on every run. All styles draw on a 100×100 canvas with shapes large enough to read as a 40 px thumbnail.
 */

/** What an image can be drawn for: a catalog collection, or an upcoming project with only a name and a style. */
export type ArtSubject = { slug: string; name: string; art: ArtSpec; traits?: readonly TraitSpec[] };

export function tokenImageSvg(spec: CollectionSpec, tokenId: number): string {
  const values = new Map(tokenTraits(spec, tokenId).map((trait) => [trait.trait_type, trait.value]));
  const look = new Look(values, spec.art.hue, seededRandom(`${spec.slug}#${tokenId}:art`), false);
  return svg(tokenName(spec, tokenId), drawStyle(look, spec.art));
}

/** The collection's face in lists: one seeded token of it, or for a project without traits, its style in its hue. */
export function coverImageSvg(subject: ArtSubject): string {
  const random = seededRandom(`${subject.slug}:cover`);
  const values = new Map((subject.traits ?? []).map((trait) => [trait.type, random.weighted(trait.values).value]));
  const look = new Look(values, subject.art.hue, random, subject.traits === undefined);
  const frame = `<rect x="2" y="2" width="96" height="96" rx="8" fill="none" stroke="${hsl(subject.art.hue, 70, 75)}" stroke-width="4"/>`;
  return svg(subject.name, drawStyle(look, subject.art) + frame);
}

/** A face-down card in the collection's hue, for every token until the reveal. */
export function hiddenImageSvg(subject: ArtSubject): string {
  const { hue } = subject.art;
  const random = seededRandom(`${subject.slug}:hidden`);
  const sparkles = Array.from(
    { length: 10 },
    () => `<circle cx="${random.int(4, 96)}" cy="${random.int(4, 96)}" r="${r1(0.4 + random.next())}"/>`,
  ).join('');
  return svg(
    `${subject.name} (unrevealed)`,
    `<rect width="100" height="100" fill="${hsl(hue, 35, 14)}"/>` +
      `<g fill="${hsl(hue, 80, 80)}" opacity=".5">${sparkles}</g>` +
      `<rect x="22" y="12" width="56" height="76" rx="8" fill="${hsl(hue, 45, 30)}" stroke="${hsl(hue, 70, 65)}" stroke-width="2.5"/>` +
      `<path d="M38 40a12 12 0 1 1 18 10c-4 3-6 5-6 10" fill="none" stroke="${hsl(hue, 85, 82)}" stroke-width="7" stroke-linecap="round"/>` +
      `<circle cx="50" cy="73" r="4.5" fill="${hsl(hue, 85, 82)}"/>`,
  );
}

/**
 * "Type: value" for every trait value the subject's style cannot draw (a colour missing from COLORS, a shape with
 * no drawing, a trait type the style does not know). Empty for a consistent catalog.
 */
export function undrawnTraitValues(subject: ArtSubject): string[] {
  const { colors, shapes } = STYLE_TRAITS[subject.art.style];
  return (subject.traits ?? []).flatMap((trait) =>
    trait.values
      .filter(({ value }) =>
        colors.includes(trait.type) ? !Object.hasOwn(COLORS, value) : !Object.hasOwn(shapes[trait.type] ?? {}, value),
      )
      .map(({ value }) => `${trait.type}: ${value}`),
  );
}

/**
 * The value chosen for each trait type, and a seeded stream for the details no trait decides. A style may draw a
 * trait type its collection lacks: that part is left plain, unless the subject has no traits at all (a project not
 * launched yet) and the look improvises one so its cover is not bare.
 */
class Look {
  constructor(
    private readonly values: ReadonlyMap<string, string>,
    readonly hue: number,
    readonly random: Random,
    private readonly improvise: boolean,
  ) {}

  /** The named colour of the trait's value; `fallback` when the subject has no such trait. */
  color(type: string, fallback: string): string {
    const value = this.values.get(type);
    return (value !== undefined && Object.hasOwn(COLORS, value) && COLORS[value]) || fallback;
  }

  /** The drawing of the trait's value. Without one: an improvised drawing, or else the first, plainest option. */
  shape<T>(type: string, options: Readonly<Record<string, T>>): T {
    const value = this.values.get(type);
    const chosen = value !== undefined && Object.hasOwn(options, value) ? options[value] : undefined;
    if (chosen !== undefined) return chosen;
    const all = Object.values(options);
    // Every option table has entries, its plainest first.
    return this.improvise ? this.random.pick(all) : (all[0] as T);
  }
}

function drawStyle(look: Look, art: ArtSpec): string {
  switch (art.style) {
    case 'critter':
      return drawCritter(look, art.species);
    case 'pixel':
      return drawPixelPortrait(look);
    case 'planet':
      return drawPlanet(look, art.surface);
    case 'landscape':
      return drawLandscape(look, art.terrain);
    case 'robot':
      return drawRobot(look);
    case 'bauhaus':
      return drawBauhaus(look);
    case 'potion':
      return drawPotion(look);
  }
}

function svg(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="400" height="400">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// ---- Colours ----

const INK = '#1d1a24';
const WHITE = '#ffffff';
const GOLD = '#f5c542';

/** Every colour a trait value can name. */
const COLORS: Readonly<Record<string, string>> = {
  Amber: '#ffb347',
  Ash: '#9a9590',
  Aurora: '#2fb59a',
  'Blood Moon': '#7a1020',
  Bone: '#e3dac9',
  Brown: '#8b5a3c',
  Cobalt: '#2f5bd3',
  Cocoa: '#5c3a21',
  Copper: '#b87333',
  Coral: '#ff7f6b',
  Cream: '#f3e9d2',
  Crimson: '#b3203a',
  Dawn: '#f7b7a3',
  Dusk: '#6b4a7a',
  Dust: '#b8a88a',
  Ember: '#ff6b2b',
  Fog: '#8a96a3',
  Ghost: '#cfc6ff',
  Ginger: '#e07b39',
  Gold: '#f2c14e',
  Honey: '#d99a3e',
  Ice: '#a8dcf0',
  Indigo: '#283593',
  Ink: '#1d1f2b',
  Ivory: '#f4efe1',
  Jade: '#3fbf7f',
  Lagoon: '#0f5e6e',
  Lavender: '#9d8ec7',
  Lilac: '#c8a2e8',
  Mana: '#4d7cff',
  Marble: '#e8e4dc',
  Maroon: '#7b1e2b',
  Midnight: '#1f2a4d',
  Mint: '#a8e6cf',
  Moss: '#4f6b3a',
  Mustard: '#e0a526',
  Nebula: '#3b1f5c',
  Night: '#14213d',
  Noon: '#8ecae6',
  Obsidian: '#1a1a1a',
  Ochre: '#c7862f',
  Olive: '#7a8450',
  Peach: '#f6c6a8',
  Pearl: '#f0ead6',
  Pine: '#2d6a4f',
  Plum: '#5a2d5e',
  Polar: '#f7f7f2',
  Rose: '#e27396',
  Rust: '#c8612e',
  Saffron: '#f4a300',
  Sage: '#a3b18a',
  Sand: '#e6c48a',
  Shadow: '#3a3740',
  Silver: '#c9ced6',
  Sky: '#7ec8e3',
  Slate: '#4a5568',
  Snow: '#eef2f5',
  Static: '#9e9e9e',
  Stone: '#b9b4ab',
  Tan: '#d9a066',
  Teal: '#2a9d8f',
  Umber: '#8d5524',
  Velvet: '#5b1a78',
  Venom: '#6ee04a',
  Vermilion: '#e34234',
  Void: '#0d0d1a',
  Wine: '#6d1f3b',
};

function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return toHex([channel(0), channel(8), channel(4)].map((c) => c * 255));
}

/** `from` moved a fraction `t` of the way towards `to`. */
function mix(from: string, to: string, t: number): string {
  const a = rgb(from);
  const b = rgb(to);
  return toHex(a.map((c, i) => c + ((b[i] ?? c) - c) * t));
}

function lighten(color: string, t: number): string {
  return mix(color, WHITE, t);
}

function darken(color: string, t: number): string {
  return mix(color, '#000000', t);
}

function isLight(color: string): boolean {
  const [r = 0, g = 0, b = 0] = rgb(color);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

function rgb(color: string): number[] {
  return [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
}

function toHex(channels: number[]): string {
  return `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** One decimal is plenty on a 100-unit canvas and keeps the files small. */
function r1(n: number): number {
  return Math.round(n * 10) / 10;
}

function heart(x: number, y: number, size: number, fill: string): string {
  return `<path transform="translate(${x} ${y}) scale(${size / 4})" d="M0 3.5L-4.2-.5A2.3 2.3 0 0 1 0-2.8A2.3 2.3 0 0 1 4.2-.5Z" fill="${fill}"/>`;
}

function eyePair(draw: (x: number, y: number) => string, spacing = 11, y = 55): string {
  return draw(50 - spacing, y) + draw(50 + spacing, y);
}

// ---- critter: a round animal face with ears, eyes, something on its head and something round its neck ----

type Eyes = (x: number, y: number) => string;

const CRITTER_EYES: Readonly<Record<string, Eyes>> = {
  Round: (x, y) =>
    `<circle cx="${x}" cy="${y}" r="3.5" fill="${INK}"/><circle cx="${x + 1.2}" cy="${y - 1.2}" r="1.1" fill="${WHITE}"/>`,
  Sleepy: (x, y) =>
    `<path d="M${x - 4} ${y}q4 3 8 0" stroke="${INK}" stroke-width="2" fill="none" stroke-linecap="round"/>`,
  Wide: (x, y) =>
    `<circle cx="${x}" cy="${y}" r="6" fill="${WHITE}"/><circle cx="${x}" cy="${y}" r="3.2" fill="${INK}"/>`,
  Starry: (x, y) =>
    `<circle cx="${x}" cy="${y}" r="4.5" fill="${INK}"/><circle cx="${x + 1.5}" cy="${y - 1.5}" r="1.5" fill="${WHITE}"/><circle cx="${x - 1.5}" cy="${y + 1.5}" r=".8" fill="${WHITE}"/>`,
  Glowing: (x, y) =>
    `<circle cx="${x}" cy="${y}" r="6.5" fill="#7df9ff" opacity=".35"/><circle cx="${x}" cy="${y}" r="3.5" fill="#7df9ff"/>`,
  Hearts: (x, y) => heart(x, y, 5, '#ff4d6d'),
};

const HEADWEAR: Readonly<Record<string, string>> = {
  None: '',
  Beanie:
    '<path d="M24 46a26 24 0 0 1 52 0z" fill="#e0524d"/><rect x="22" y="41" width="56" height="8" rx="4" fill="#b83a3a"/><circle cx="50" cy="21" r="5" fill="#f4f0e6"/>',
  Flower:
    '<g fill="#ff8fab"><circle cx="70" cy="31" r="4"/><circle cx="74.8" cy="34.5" r="4"/><circle cx="72.9" cy="40" r="4"/><circle cx="67.1" cy="40" r="4"/><circle cx="65.2" cy="34.5" r="4"/></g><circle cx="70" cy="36" r="3" fill="#ffd23f"/>',
  'Wizard Hat':
    '<path d="M30 40L54 3L72 40Z" fill="#5b3fa8"/><rect x="24" y="37" width="54" height="6" rx="3" fill="#3f2a7a"/><path d="M52 18l1.5 3 3 .5-2.2 2 .6 3-2.9-1.5-2.9 1.5.6-3-2.2-2 3-.5z" fill="#ffd23f"/>',
  Crown: `<path d="M34 37V22l8 8 8-12 8 12 8-8v15z" fill="${GOLD}" stroke="#b8860b" stroke-width="1.5"/><circle cx="50" cy="31" r="2.5" fill="#e63946"/>`,
  Halo: '<ellipse cx="50" cy="24" rx="18" ry="5" fill="none" stroke="#ffe066" stroke-width="3"/>',
};

const NECKWEAR: Readonly<Record<string, string>> = {
  None: '',
  Scarf:
    '<path d="M26 82Q50 96 74 82L76 90Q50 104 24 90Z" fill="#d94f4f"/><rect x="60" y="90" width="8" height="12" rx="2" fill="#b83a3a"/>',
  'Bow Tie':
    '<path d="M50 90L39 84V96ZM50 90L61 84V96Z" fill="#e84a5f"/><circle cx="50" cy="90" r="2.5" fill="#b8324a"/>',
  Bell: `<path d="M32 85Q50 95 68 85" stroke="#c0392b" stroke-width="3" fill="none"/><circle cx="50" cy="93" r="4.5" fill="${GOLD}"/>`,
  Pearls: `<g fill="#f7f3ea">${[32, 38, 44, 50, 56, 62, 68]
    .map((x) => `<circle cx="${x}" cy="${r1(86 + 6 * (1 - ((x - 50) / 18) ** 2))}" r="2.3"/>`)
    .join('')}</g>`,
};

type Species = Extract<ArtSpec, { style: 'critter' }>['species'];

function drawCritter(look: Look, species: Species): string {
  const background = look.color('Background', hsl(look.hue, 40, 28));
  const fur = look.color('Fur', hsl(look.hue + 20, 65, 55));
  const light = lighten(fur, 0.55);
  const deep = darken(fur, 0.25);
  const features: Record<Species, { ears: string; face: string }> = {
    fox: {
      ears: `<path d="M22 48L26 14L48 36ZM78 48L74 14L52 36Z" fill="${fur}"/><path d="M28 40L29 22L41 34ZM72 40L71 22L59 34Z" fill="${deep}"/>`,
      face: `<path d="M20 62Q36 64 50 87Q64 64 80 62Q74 84 50 87Q26 84 20 62Z" fill="${light}"/><ellipse cx="50" cy="73" rx="4" ry="3" fill="${INK}"/>`,
    },
    cat: {
      ears: `<path d="M22 46L27 18L46 34ZM78 46L73 18L54 34Z" fill="${fur}"/><path d="M28 39L30 26L40 34ZM72 39L70 26L60 34Z" fill="#f2a7b5"/>`,
      face: `<ellipse cx="50" cy="71" rx="11" ry="8" fill="${light}"/><path d="M47 67h6l-3 3z" fill="#e58fa0"/><path d="M38 71H25M38 74L26 78M62 71H75M62 74L74 78" stroke="${INK}" opacity=".6"/>`,
    },
    bear: {
      ears: `<circle cx="28" cy="36" r="11" fill="${fur}"/><circle cx="72" cy="36" r="11" fill="${fur}"/><circle cx="28" cy="36" r="6" fill="${light}"/><circle cx="72" cy="36" r="6" fill="${light}"/>`,
      face: `<ellipse cx="50" cy="70" rx="13" ry="10" fill="${light}"/><ellipse cx="50" cy="66" rx="5" ry="3.5" fill="${INK}"/><path d="M46 73q4 3 8 0" stroke="${INK}" stroke-width="1.5" fill="none"/>`,
    },
  };
  const { ears, face } = features[species];
  return (
    `<rect width="100" height="100" fill="${background}"/>` +
    `<ellipse cx="50" cy="104" rx="34" ry="22" fill="${deep}"/>` +
    ears +
    `<ellipse cx="50" cy="60" rx="30" ry="27" fill="${fur}"/>` +
    face +
    eyePair(look.shape('Eyes', CRITTER_EYES)) +
    look.shape('Accessory', NECKWEAR) +
    look.shape('Headwear', HEADWEAR)
  );
}

// ---- pixel: a 16×16 pixel-art bust with hair, eyes and a halo ----

type Rect = readonly [x: number, y: number, width: number, height: number];

/** Same-coloured pixels as one path: a quarter of the bytes of one <rect> each. */
function pixels(fill: string, rects: readonly Rect[], extra = ''): string {
  if (rects.length === 0) return '';
  const d = rects.map(([x, y, w, h]) => `M${x} ${y}h${w}v${h}h${-w}z`).join('');
  return `<path fill="${fill}" d="${d}"${extra}/>`;
}

const HAIR: Readonly<Record<string, string>> = {
  Bald: '',
  Short: pixels('#2b1d14', [
    [5, 3, 6, 2],
    [4, 4, 1, 3],
    [11, 4, 1, 3],
  ]),
  Long: pixels('#5a3a22', [
    [5, 3, 6, 2],
    [4, 4, 1, 9],
    [11, 4, 1, 9],
  ]),
  Mohawk: pixels('#d7263d', [[7, 1, 2, 4]]),
  Bun: pixels('#1b1b1b', [
    [5, 3, 6, 2],
    [6, 1, 4, 2],
  ]),
  Flame:
    pixels('#ff7b00', [
      [5, 2, 6, 2],
      [4, 1, 1, 2],
      [7, 1, 1, 1],
      [10, 1, 2, 1],
    ]) +
    pixels('#ffd23f', [
      [4, 0, 1, 1],
      [7, 0, 1, 1],
      [10, 0, 1, 1],
    ]),
};

const PIXEL_EYES: Readonly<Record<string, string>> = {
  Dots: pixels(INK, [
    [6, 7, 1, 1],
    [9, 7, 1, 1],
  ]),
  Closed: pixels(INK, [
    [5.5, 7.5, 1.5, 0.5],
    [8.5, 7.5, 1.5, 0.5],
  ]),
  Shades: pixels(INK, [[5, 6, 6, 2]]) + pixels(WHITE, [[6, 6, 1, 1]], ' opacity=".5"'),
  Visor: pixels('#38e8ff', [[4, 7, 8, 1]]),
  Laser:
    pixels('#ff2e2e', [
      [6, 7, 1, 1],
      [9, 7, 1, 1],
    ]) + pixels('#ff2e2e', [[10, 7.25, 6, 0.5]], ' opacity=".7"'),
};

/** Most halos float above the head; the sun disc sits behind it. */
const HALOS: Readonly<Record<string, { behind?: string; above?: string }>> = {
  None: {},
  'Gold Ring': {
    above: pixels('#ffd23f', [
      [5, 0, 6, 1],
      [4, 1, 1, 1],
      [11, 1, 1, 1],
    ]),
  },
  'Neon Ring': {
    above: pixels('#ff5edb', [
      [5, 0, 6, 1],
      [4, 1, 1, 1],
      [11, 1, 1, 1],
    ]),
  },
  'Broken Ring': {
    above: pixels('#ffd23f', [
      [5, 0, 2, 1],
      [9, 0, 2, 1],
      [4, 1, 1, 1],
    ]),
  },
  Thorns: {
    above:
      pixels('#5c2a1d', [
        [4, 3, 8, 1],
        [4, 2, 1, 1],
        [7, 2, 1, 1],
        [10, 2, 1, 1],
      ]) + pixels('#c1121f', [[6, 4, 1, 1]]),
  },
  'Sun Disc': { behind: '<circle cx="8" cy="7.5" r="6.5" fill="#ffd23f" opacity=".9"/>' },
};

function drawPixelPortrait(look: Look): string {
  const background = look.color('Background', hsl(look.hue, 45, 60));
  const skin = look.color('Skin', '#d9a066');
  const robe = look.color('Robe', hsl(look.hue + 180, 50, 45));
  const halo = look.shape('Halo', HALOS);
  const noise: Rect[] = Array.from({ length: 12 }, () => [look.random.int(0, 15), look.random.int(0, 15), 1, 1]);
  return (
    `<rect width="100" height="100" fill="${background}"/>` +
    `<g transform="scale(6.25)" shape-rendering="crispEdges">` +
    pixels(lighten(background, 0.15), noise) +
    (halo.behind ?? '') +
    pixels(robe, [
      [3, 14, 10, 2],
      [4, 13, 8, 1],
    ]) +
    pixels(darken(robe, 0.3), [[7, 13, 2, 3]]) +
    pixels(darken(skin, 0.15), [[7, 12, 2, 1]]) +
    pixels(skin, [
      [5, 4, 6, 8],
      [4, 7, 1, 2],
      [11, 7, 1, 2],
    ]) +
    pixels(darken(skin, 0.4), [[7, 10, 2, 1]]) +
    look.shape('Hair', HAIR) +
    look.shape('Eyes', PIXEL_EYES) +
    (halo.above ?? '') +
    '</g>'
  );
}

// ---- planet: a shaded planet with bands or craters, rings, moons and an atmosphere, on a starfield ----

type Ring = { rx: number; ry: number; width: number; tilt: number; gold?: boolean };

const RINGS: Readonly<Record<string, readonly Ring[]>> = {
  None: [],
  Thin: [{ rx: 40, ry: 8, width: 2, tilt: -12 }],
  Double: [
    { rx: 36, ry: 8, width: 3, tilt: -12 },
    { rx: 44, ry: 10, width: 1.5, tilt: -12 },
  ],
  Tilted: [{ rx: 40, ry: 11, width: 3, tilt: -35 }],
  Golden: [{ rx: 42, ry: 10, width: 4, tilt: -18, gold: true }],
};

const MOONS: Readonly<Record<string, number>> = { None: 0, One: 1, Two: 2, Three: 3 };

const MOON_SPOTS = [
  [16, 22, 5],
  [84, 76, 3.5],
  [82, 18, 2.5],
] as const;

const ATMOSPHERES: Readonly<Record<string, (surface: string) => string>> = {
  None: () => '',
  Haze: (surface) => `<circle cx="50" cy="50" r="31" fill="${lighten(surface, 0.3)}" opacity=".25"/>`,
  Aurora: () => '<circle cx="50" cy="50" r="29" fill="none" stroke="#5effc1" stroke-width="3" opacity=".55"/>',
  Corona: () =>
    `<circle cx="50" cy="50" r="34" fill="${GOLD}" opacity=".2"/><circle cx="50" cy="50" r="29" fill="${GOLD}" opacity=".45"/>`,
};

function drawPlanet(look: Look, surfaceKind: Extract<ArtSpec, { style: 'planet' }>['surface']): string {
  const { random } = look;
  const background = look.color('Background', hsl(look.hue, 50, 12));
  const surface = look.color('Surface', hsl(look.hue + 40, 60, 62));
  const stars = Array.from(
    { length: 14 },
    () => `<circle cx="${random.int(1, 99)}" cy="${random.int(1, 99)}" r="${r1(0.3 + random.next() * 0.6)}"/>`,
  ).join('');
  const details =
    surfaceKind === 'bands'
      ? Array.from({ length: 4 }, (_, i) => {
          const fill = i % 2 === 0 ? darken(surface, 0.18) : lighten(surface, 0.22);
          return `<rect x="20" y="${28 + i * 11 + random.int(0, 4)}" width="60" height="${random.int(3, 7)}" fill="${fill}"/>`;
        }).join('')
      : Array.from({ length: 6 }, () => {
          const angle = random.next() * 2 * Math.PI;
          const distance = random.next() * 17;
          const cx = r1(50 + Math.cos(angle) * distance);
          const cy = r1(50 + Math.sin(angle) * distance);
          return `<circle cx="${cx}" cy="${cy}" r="${random.int(2, 5)}" fill="${darken(surface, 0.22)}" stroke="${lighten(surface, 0.2)}" stroke-width=".8"/>`;
        }).join('');
  const rings = look.shape('Rings', RINGS);
  const ring = (part: 'back' | 'front') =>
    rings
      .map(({ rx, ry, width, tilt, gold }) => {
        const stroke = gold ? GOLD : lighten(surface, 0.35);
        // The whole ellipse goes behind the planet, its lower half again in front: the planet sits inside the ring.
        const shape =
          part === 'back'
            ? `<ellipse cx="50" cy="50" rx="${rx}" ry="${ry}"/>`
            : `<path d="M${50 - rx} 50A${rx} ${ry} 0 0 0 ${50 + rx} 50"/>`;
        return `<g transform="rotate(${tilt} 50 50)" fill="none" stroke="${stroke}" stroke-width="${width}">${shape}</g>`;
      })
      .join('');
  const moons = MOON_SPOTS.slice(0, look.shape('Moons', MOONS))
    .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#d9d4c7"/>`)
    .join('');
  return (
    `<defs><clipPath id="p"><circle cx="50" cy="50" r="24"/></clipPath>` +
    `<radialGradient id="s" cx=".35" cy=".32" r=".75"><stop offset="0" stop-color="${WHITE}" stop-opacity=".35"/><stop offset=".6" stop-opacity="0"/><stop offset="1" stop-opacity=".45"/></radialGradient></defs>` +
    `<rect width="100" height="100" fill="${background}"/>` +
    `<g fill="${WHITE}" opacity=".8">${stars}</g>` +
    look.shape('Atmosphere', ATMOSPHERES)(surface) +
    ring('back') +
    `<circle cx="50" cy="50" r="24" fill="${surface}"/>` +
    `<g clip-path="url(#p)">${details}</g>` +
    `<circle cx="50" cy="50" r="24" fill="url(#s)" stroke="${lighten(surface, 0.3)}" stroke-width=".8"/>` +
    ring('front') +
    moons
  );
}

// ---- landscape: three layers of mountains or dunes under a sky with a sun, moon or comet ----

const CELESTIAL: Readonly<Record<string, (x: number, sky: string) => string>> = {
  Sun: (x) =>
    `<circle cx="${x}" cy="28" r="15" fill="#ffd866" opacity=".3"/><circle cx="${x}" cy="28" r="10" fill="#ffd866"/>`,
  Moon: (x, sky) =>
    `<circle cx="${x}" cy="26" r="9" fill="#f4f1de"/><circle cx="${x + 4}" cy="23" r="7.5" fill="${sky}"/>`,
  'Twin Suns': (x) =>
    `<circle cx="${x}" cy="30" r="8" fill="#ffb703"/><circle cx="${x + 13}" cy="20" r="4.5" fill="#ffe8a3"/>`,
  Eclipse: (x) =>
    `<circle cx="${x}" cy="28" r="13" fill="#ffcf5a" opacity=".45"/><circle cx="${x}" cy="28" r="11" fill="#ffcf5a"/><circle cx="${x}" cy="28" r="10" fill="${INK}"/>`,
  Comet: (x) =>
    `<path d="M${x} 26L${x - 24} 10L${x - 2} 29Z" fill="${WHITE}" opacity=".45"/><circle cx="${x}" cy="27" r="3" fill="${WHITE}"/>`,
};

const WEATHER: Readonly<Record<string, (random: Random) => string>> = {
  Clear: () => '',
  Clouds: (random) =>
    [0, 1]
      .map((i) => {
        const x = random.int(10, 40) + i * 40;
        const y = random.int(14, 36);
        return `<g fill="${WHITE}" opacity=".85"><ellipse cx="${x}" cy="${y}" rx="11" ry="4.5"/><circle cx="${x - 3}" cy="${y - 3}" r="5"/><circle cx="${x + 4}" cy="${y - 2}" r="4"/></g>`;
      })
      .join(''),
  Stars: (random) => dots(random, 16, 0, 45, 0.6),
  Snow: (random) => dots(random, 30, 0, 100, 0.9),
  Birds: (random) =>
    `<path d="${[0, 1, 2]
      .map(() => {
        const x = random.int(15, 85);
        const y = random.int(12, 40);
        return `M${x - 4} ${y - 2}q2 0 4 2q2-2 4-2`;
      })
      .join('')}" stroke="${INK}" stroke-width="1.2" fill="none"/>`,
};

function dots(random: Random, count: number, top: number, bottom: number, radius: number): string {
  return `<g fill="${WHITE}">${Array.from(
    { length: count },
    () => `<circle cx="${random.int(1, 99)}" cy="${random.int(top, bottom)}" r="${radius}"/>`,
  ).join('')}</g>`;
}

function drawLandscape(look: Look, terrain: Extract<ArtSpec, { style: 'landscape' }>['terrain']): string {
  const { random } = look;
  const sky = look.color('Sky', hsl(look.hue, 55, 70));
  const ground = look.color('Terrain', hsl(look.hue + 160, 35, 35));
  const layer = (base: number, fill: string) => {
    if (terrain === 'dunes') {
      return `<path d="M0 ${base}C30 ${base - random.int(4, 14)} 60 ${base + random.int(0, 8)} 100 ${base - random.int(2, 12)}V100H0Z" fill="${fill}"/>`;
    }
    const points = Array.from({ length: 7 }, (_, i) => {
      const height = i % 2 === 1 ? random.int(10, 24) : random.int(0, 6);
      return `${r1((i * 100) / 6)},${base - height}`;
    });
    return `<path d="M0 100L${points.join('L')}L100 100Z" fill="${fill}"/>`;
  };
  return (
    `<rect width="100" height="100" fill="${sky}"/>` +
    `<rect y="42" width="100" height="30" fill="${lighten(sky, 0.3)}" opacity=".5"/>` +
    look.shape('Celestial', CELESTIAL)(random.int(28, 72), sky) +
    layer(58, mix(ground, sky, 0.6)) +
    layer(72, mix(ground, sky, 0.3)) +
    layer(86, ground) +
    look.shape('Weather', WEATHER)(random)
  );
}

// ---- robot: a boxy robot head with a visor, an antenna and a mouth ----

const VISORS: Readonly<Record<string, string>> = {
  'Twin Lights': eyePair(
    (x, y) => `<circle cx="${x}" cy="${y}" r="7" fill="${INK}"/><circle cx="${x}" cy="${y}" r="4.5" fill="#5ef2ff"/>`,
    11,
    48,
  ),
  Bar: `<rect x="28" y="41" width="44" height="14" rx="7" fill="${INK}"/><rect x="32" y="46" width="36" height="4" rx="2" fill="#ff4d4d"/>`,
  Grid:
    `<rect x="28" y="40" width="44" height="16" rx="3" fill="${INK}"/>` +
    `<path fill="#7dff8a" d="${[33, 46, 59].flatMap((x) => [43, 49].map((y) => `M${x} ${y}h8v4h-8z`)).join('')}"/>`,
  Cyclops: `<circle cx="50" cy="48" r="10" fill="${INK}"/><circle cx="50" cy="48" r="6" fill="#ff3b3b"/><circle cx="52" cy="46" r="2" fill="${WHITE}"/>`,
  Sleepy: eyePair(
    (x, y) => `<path d="M${x - 6} ${y}q6 4 12 0" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    11,
    48,
  ),
  Hearts: eyePair((x, y) => heart(x, y, 7, '#ff5d8f'), 11, 48),
};

const ANTENNAS: Readonly<Record<string, (metal: string) => string>> = {
  None: () => '',
  Single: (metal) =>
    `<path d="M50 30V14" stroke="${metal}" stroke-width="3"/><circle cx="50" cy="12" r="4.5" fill="#ff5a5f"/>`,
  Twin: (metal) =>
    `<path d="M38 30L32 14M62 30L68 14" stroke="${metal}" stroke-width="3"/><circle cx="32" cy="13" r="4" fill="#ffd23f"/><circle cx="68" cy="13" r="4" fill="#ffd23f"/>`,
  Dish: (metal) =>
    `<path d="M50 30V22" stroke="${metal}" stroke-width="3"/><path d="M35 12a15 10 0 0 0 30 0z" fill="${lighten(metal, 0.4)}"/>`,
  Lightning: () => `<path d="M54 2L40 18H50L44 30L60 13H50Z" fill="#ffe14d" stroke="${INK}" stroke-width="1"/>`,
};

const MOUTHS: Readonly<Record<string, (metal: string) => string>> = {
  Grille: (metal) =>
    `<rect x="36" y="62" width="28" height="9" rx="2" fill="${INK}"/><path d="M42 62v9M48 62v9M54 62v9M60 62v9" stroke="${metal}" stroke-width="1.5"/>`,
  Flat: () => `<path d="M38 66H62" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
  Smile: () => `<path d="M38 63q12 10 24 0" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  Speaker: (metal) =>
    `<circle cx="50" cy="66" r="6" fill="${INK}"/><circle cx="50" cy="66" r="3.5" fill="${metal}"/><circle cx="50" cy="66" r="1.2" fill="${INK}"/>`,
};

function drawRobot(look: Look): string {
  const background = look.color('Background', hsl(look.hue + 180, 35, 45));
  const plating = look.color('Plating', hsl(look.hue, 45, 58));
  const metal = darken(plating, 0.3);
  const rivets = [
    [27, 33],
    [73, 33],
    [27, 73],
    [73, 73],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.6"/>`)
    .join('');
  return (
    `<rect width="100" height="100" fill="${background}"/>` +
    look.shape('Antenna', ANTENNAS)(metal) +
    `<rect x="16" y="86" width="68" height="20" rx="8" fill="${metal}"/><rect x="38" y="76" width="24" height="14" fill="${darken(plating, 0.45)}"/>` +
    `<rect x="15" y="44" width="10" height="18" rx="2" fill="${metal}"/><rect x="75" y="44" width="10" height="18" rx="2" fill="${metal}"/>` +
    `<rect x="22" y="28" width="56" height="50" rx="9" fill="${plating}"/>` +
    `<rect x="26" y="31" width="48" height="4" rx="2" fill="${lighten(plating, 0.35)}" opacity=".7"/>` +
    `<g fill="${metal}">${rivets}</g>` +
    look.shape('Visor', VISORS) +
    look.shape('Mouth', MOUTHS)(metal)
  );
}

// ---- bauhaus: bold flat shapes in two colours plus ink, optionally framed ----

type Palette = { primary: string; secondary: string; ink: string; background: string };

const PATTERNS: Readonly<Record<string, (palette: Palette, random: Random) => string>> = {
  Quarters: ({ primary, secondary, ink }, random) => {
    const fills = [primary, secondary, ink, primary];
    return [0, 1, 2, 3]
      .map((tile) => {
        const x = 10 + (tile % 2) * 40;
        const y = 10 + Math.floor(tile / 2) * 40;
        const corners = [
          [x, y],
          [x + 40, y],
          [x + 40, y + 40],
          [x, y + 40],
        ];
        const k = random.int(0, 3);
        const [cx, cy] = corners[k] ?? [x, y];
        const [ax, ay] = corners[(k + 1) % 4] ?? [x, y];
        const [bx, by] = corners[(k + 3) % 4] ?? [x, y];
        return `<path d="M${cx} ${cy}L${ax} ${ay}A40 40 0 0 1 ${bx} ${by}Z" fill="${fills[tile]}"/>`;
      })
      .join('');
  },
  Eclipse: ({ primary, secondary, ink }) =>
    `<circle cx="42" cy="50" r="30" fill="${primary}"/><path d="M62 20a30 30 0 0 1 0 60z" fill="${secondary}"/><circle cx="42" cy="50" r="7" fill="${ink}"/>`,
  Stripes: ({ primary, secondary, ink, background }) =>
    `<g transform="rotate(-45 50 50)">${[primary, secondary, ink, primary, secondary]
      .map((fill, i) => `<rect x="-30" y="${4 + i * 20}" width="160" height="10" fill="${fill}"/>`)
      .join('')}</g><circle cx="50" cy="50" r="16" fill="${primary}" stroke="${background}" stroke-width="4"/>`,
  Arches: ({ primary, secondary, ink, background }) =>
    [
      [40, primary],
      [30, secondary],
      [20, background],
      [10, ink],
    ]
      .map(([r, fill]) => `<path d="M${50 - Number(r)} 90a${r} ${r} 0 0 1 ${2 * Number(r)} 0z" fill="${fill}"/>`)
      .join(''),
  Target: ({ primary, secondary, ink, background }) =>
    [
      [38, primary],
      [28, secondary],
      [18, background],
      [9, ink],
    ]
      .map(([r, fill]) => `<circle cx="50" cy="50" r="${r}" fill="${fill}"/>`)
      .join(''),
};

const FRAMES: Readonly<Record<string, (ink: string) => string>> = {
  None: () => '',
  Thin: (ink) => `<rect x="4" y="4" width="92" height="92" fill="none" stroke="${ink}" stroke-width="2"/>`,
  Thick: (ink) => `<rect x="3" y="3" width="94" height="94" fill="none" stroke="${ink}" stroke-width="6"/>`,
  Gold: () => `<rect x="3" y="3" width="94" height="94" fill="none" stroke="#d4af37" stroke-width="5"/>`,
};

function drawBauhaus(look: Look): string {
  const background = look.color('Background', hsl(look.hue, 30, 90));
  const palette: Palette = {
    background,
    primary: look.color('Primary', hsl(look.hue, 70, 50)),
    secondary: look.color('Secondary', hsl(look.hue + 150, 60, 55)),
    ink: isLight(background) ? '#22201c' : '#f3ede0',
  };
  return (
    `<rect width="100" height="100" fill="${background}"/>` +
    look.shape('Pattern', PATTERNS)(palette, look.random) +
    look.shape('Frame', FRAMES)(palette.ink)
  );
}

// ---- potion: a glass vessel filled to its potency with a coloured liquid, on a shelf ----

type Vessel = { d: string; neck: readonly [x: number, y: number, width: number]; label?: string };

const SKULL = `<circle cx="50" cy="62" r="8" fill="#f4f0e6"/><rect x="45" y="66" width="10" height="6" rx="1" fill="#f4f0e6"/><circle cx="47" cy="62" r="2" fill="${INK}"/><circle cx="53" cy="62" r="2" fill="${INK}"/>`;

const VESSELS: Readonly<Record<string, Vessel>> = {
  'Round Flask': { d: 'M44 22h12v20a24 24 0 1 1-12 0z', neck: [44, 22, 12] },
  'Tall Vial': { d: 'M42 16h16v62a8 8 0 0 1-16 0z', neck: [42, 16, 16] },
  'Square Bottle': { d: 'M45 20h10v12l12 6v48h-34v-48l12-6z', neck: [45, 20, 10] },
  'Heart Flask': {
    d: 'M45 22h10v18c8-8 26-4 22 14c-3 12-16 22-27 32c-11-10-24-20-27-32c-4-18 14-22 22-14z',
    neck: [45, 22, 10],
  },
  'Skull Jar': {
    d: 'M40 24h20v8c8 2 12 8 12 16v30a8 8 0 0 1-8 8h-28a8 8 0 0 1-8-8v-30c0-8 4-14 12-16z',
    neck: [40, 24, 20],
    label: SKULL,
  },
};

/** The height of the liquid's surface. */
const POTENCY: Readonly<Record<string, number>> = { Standard: 60, Weak: 74, Strong: 48, Mythic: 34 };

const GLOWS: Readonly<Record<string, (liquid: string, random: Random) => { behind: string; front: string }>> = {
  None: () => ({ behind: '', front: '' }),
  Bubbles: (liquid, random) => ({
    behind: '',
    front: `<g fill="${lighten(liquid, 0.5)}" opacity=".8">${Array.from(
      { length: 5 },
      () => `<circle cx="${random.int(44, 56)}" cy="${random.int(66, 82)}" r="${random.int(1, 2)}"/>`,
    ).join('')}</g>`,
  }),
  Sparkles: (_, random) => ({
    behind: '',
    front: `<g fill="#fff6c2">${Array.from({ length: 4 }, () => {
      const x = random.pick([18, 24, 76, 82]);
      const y = random.int(20, 80);
      return `<path d="M${x} ${y - 4}L${x + 1} ${y - 1}L${x + 4} ${y}L${x + 1} ${y + 1}L${x} ${y + 4}L${x - 1} ${y + 1}L${x - 4} ${y}L${x - 1} ${y - 1}Z"/>`;
    }).join('')}</g>`,
  }),
  Aura: (liquid) => ({
    behind: `<circle cx="50" cy="58" r="36" fill="${liquid}" opacity=".18"/><circle cx="50" cy="58" r="28" fill="${liquid}" opacity=".25"/>`,
    front: '',
  }),
};

function drawPotion(look: Look): string {
  const background = look.color('Background', hsl(look.hue, 35, 18));
  const liquid = look.color('Liquid', hsl(look.hue, 85, 58));
  const vessel = look.shape('Vessel', VESSELS);
  const level = look.shape('Potency', POTENCY);
  const glow = look.shape('Glow', GLOWS)(liquid, look.random);
  const [neckX, neckY, neckWidth] = vessel.neck;
  return (
    `<defs><clipPath id="v"><path d="${vessel.d}"/></clipPath></defs>` +
    `<rect width="100" height="100" fill="${background}"/>` +
    `<rect y="86" width="100" height="14" fill="${darken(background, 0.35)}"/>` +
    glow.behind +
    `<path d="${vessel.d}" fill="${WHITE}" fill-opacity=".12"/>` +
    `<g clip-path="url(#v)"><rect y="${level}" width="100" height="${100 - level}" fill="${liquid}"/>` +
    `<rect y="${level}" width="100" height="2" fill="${lighten(liquid, 0.45)}"/></g>` +
    `<path d="${vessel.d}" fill="none" stroke="#e8f4ff" stroke-opacity=".85" stroke-width="2"/>` +
    `<rect x="${neckX - 1}" y="${neckY - 7}" width="${neckWidth + 2}" height="8" rx="1.5" fill="#a0703c"/>` +
    (vessel.label ?? '') +
    glow.front
  );
}

const STYLE_TRAITS: Record<
  ArtSpec['style'],
  { colors: readonly string[]; shapes: Readonly<Record<string, Readonly<Record<string, unknown>>>> }
> = {
  critter: {
    colors: ['Background', 'Fur'],
    shapes: { Eyes: CRITTER_EYES, Headwear: HEADWEAR, Accessory: NECKWEAR },
  },
  pixel: { colors: ['Background', 'Skin', 'Robe'], shapes: { Hair: HAIR, Eyes: PIXEL_EYES, Halo: HALOS } },
  planet: { colors: ['Background', 'Surface'], shapes: { Rings: RINGS, Moons: MOONS, Atmosphere: ATMOSPHERES } },
  landscape: { colors: ['Sky', 'Terrain'], shapes: { Celestial: CELESTIAL, Weather: WEATHER } },
  robot: { colors: ['Background', 'Plating'], shapes: { Visor: VISORS, Antenna: ANTENNAS, Mouth: MOUTHS } },
  bauhaus: { colors: ['Background', 'Primary', 'Secondary'], shapes: { Pattern: PATTERNS, Frame: FRAMES } },
  potion: { colors: ['Background', 'Liquid'], shapes: { Vessel: VESSELS, Potency: POTENCY, Glow: GLOWS } },
};
