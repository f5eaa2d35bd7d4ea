import { parseEther } from 'viem';

/** One trait type and its values; a value's weight is its share of the collection, in percent. */
export type TraitSpec = { type: string; values: readonly { value: string; weight: number }[] };

export type CollectionLinks = { twitter: string; discord: string; website: string };

/**
 * How a collection's images are drawn (see art.ts). Each style draws its own trait types, so a collection's traits
 * are the ones its style knows. `hue` (0–360) colours whatever no trait decides: the hidden image, and the cover
 * of a project that has no traits yet.
 */
export type ArtSpec =
  | { style: 'critter'; hue: number; species: 'fox' | 'cat' | 'bear' }
  | { style: 'pixel'; hue: number }
  | { style: 'planet'; hue: number; surface: 'bands' | 'craters' }
  | { style: 'landscape'; hue: number; terrain: 'peaks' | 'dunes' }
  | { style: 'robot'; hue: number }
  | { style: 'bauhaus'; hue: number }
  | { style: 'potion'; hue: number };

export type CollectionSpec = {
  slug: string;
  name: string;
  symbol: string;
  description: string;
  standard: 'erc721' | 'erc1155';
  /** ERC-721: the maximum supply. ERC-1155: the number of token ids. */
  supply: number;
  /** Minted at deploy to the trader bots. ERC-721: tokens; ERC-1155: copies of each id. */
  premint: number;
  mintPriceWei: bigint;
  royaltyBps: number;
  /** Only on the collection deployed hidden: it is revealed this long after the devnet first starts. */
  revealAfterMs?: number;
  verified: boolean;
  traits: readonly TraitSpec[];
  /** ERC-1155 only: the item each token id stands for, id 1 first. */
  items?: readonly string[];
  art: ArtSpec;
  links: CollectionLinks;
};

/**
 * An ERC-721 premint is minted in chunks of this many, chunk k to bot k: the deploy mints them so, and the flip
 * history sells from those holders.
 */
export const PREMINT_CHUNK = 200;

export const COLLECTIONS: readonly CollectionSpec[] = [
  {
    slug: 'moonlit-foxes',
    name: 'Moonlit Foxes',
    symbol: 'MFOX',
    description: 'Ten thousand foxes who only come out when the moon is up.',
    standard: 'erc721',
    supply: 10_000,
    premint: 1_500,
    mintPriceWei: parseEther('0.05'),
    royaltyBps: 500,
    verified: true,
    traits: [
      trait('Background', { Midnight: 35, Dusk: 25, Fog: 18, Moss: 12, Plum: 9, Aurora: 1 }),
      trait('Fur', { Rust: 45, Snow: 20, Ash: 18, Shadow: 12, Silver: 4, Ghost: 1 }),
      trait('Eyes', { Round: 40, Sleepy: 25, Wide: 20, Starry: 10, Glowing: 4, Hearts: 1 }),
      trait('Headwear', { None: 50, Beanie: 20, Flower: 14, 'Wizard Hat': 10, Crown: 5, Halo: 1 }),
      trait('Accessory', { None: 55, Scarf: 25, 'Bow Tie': 12, Bell: 7, Pearls: 1 }),
    ],
    art: { style: 'critter', hue: 24, species: 'fox' },
    links: placeholderLinks('moonlit-foxes', 'mF7xKq2'),
  },
  {
    slug: 'rust-choir',
    name: 'Rust Choir',
    symbol: 'RUSTC',
    description: 'Salvaged robots who sing in the scrapyard after closing time.',
    standard: 'erc721',
    supply: 7_777,
    premint: 1_200,
    mintPriceWei: parseEther('0.03'),
    royaltyBps: 500,
    verified: true,
    traits: [
      trait('Background', { Teal: 32, Mustard: 24, Slate: 20, Rose: 14, Fog: 9, Aurora: 1 }),
      trait('Plating', { Rust: 38, Copper: 22, Silver: 18, Olive: 12, Cobalt: 8.5, Gold: 1.5 }),
      trait('Visor', { 'Twin Lights': 36, Bar: 26, Grid: 18, Cyclops: 12, Sleepy: 7, Hearts: 1 }),
      trait('Antenna', { None: 34, Single: 30, Twin: 20, Dish: 14.5, Lightning: 1.5 }),
      trait('Mouth', { Grille: 45, Flat: 30, Smile: 20, Speaker: 5 }),
    ],
    art: { style: 'robot', hue: 18 },
    links: placeholderLinks('rust-choir', 'rC9vB1t'),
  },
  {
    slug: 'static-saints',
    name: 'Static Saints',
    symbol: 'SAINT',
    description: 'Patron saints of dropped connections, drawn one pixel at a time.',
    standard: 'erc721',
    supply: 5_555,
    premint: 1_000,
    mintPriceWei: parseEther('0.08'),
    royaltyBps: 750,
    verified: true,
    traits: [
      trait('Background', { Static: 34, Teal: 22, Rose: 18, Mustard: 14, Sky: 10.5, Void: 1.5 }),
      trait('Skin', { Peach: 32, Tan: 28, Umber: 20, Cocoa: 17, Jade: 2, Marble: 1 }),
      trait('Hair', { Short: 33, Long: 25, Bald: 20, Bun: 14, Mohawk: 7, Flame: 1 }),
      trait('Robe', { Ivory: 40, Crimson: 22, Cobalt: 20, Ink: 16, Gold: 2 }),
      trait('Eyes', { Dots: 45, Closed: 25, Shades: 18, Visor: 10.5, Laser: 1.5 }),
      trait('Halo', { 'Gold Ring': 48, 'Neon Ring': 22, 'Broken Ring': 15, Thorns: 10, None: 4, 'Sun Disc': 1 }),
    ],
    art: { style: 'pixel', hue: 280 },
    links: placeholderLinks('static-saints', 'sT4nt5x'),
  },
  {
    slug: 'drowsy-bears',
    name: 'Drowsy Bears',
    symbol: 'DRWSY',
    description: 'Bears who were about to hibernate and got minted instead.',
    standard: 'erc721',
    supply: 4_444,
    premint: 900,
    mintPriceWei: parseEther('0.02'),
    royaltyBps: 400,
    verified: false,
    traits: [
      trait('Background', { Sky: 33, Mint: 25, Peach: 20, Lilac: 14, Cream: 7, Aurora: 1 }),
      trait('Fur', { Brown: 42, Honey: 26, Cocoa: 18, Polar: 12, Ghost: 2 }),
      trait('Eyes', { Sleepy: 48, Round: 30, Wide: 12, Starry: 8, Hearts: 1.5, Glowing: 0.5 }),
      trait('Headwear', { None: 45, Beanie: 30, Flower: 15, Crown: 8, 'Wizard Hat': 1.5, Halo: 0.5 }),
    ],
    art: { style: 'critter', hue: 200, species: 'bear' },
    links: placeholderLinks('drowsy-bears', 'dRw5yB3'),
  },
  {
    slug: 'glass-orbits',
    name: 'Glass Orbits',
    symbol: 'ORBIT',
    description: 'Small planets blown from coloured glass, each on its own orbit.',
    standard: 'erc721',
    supply: 3_333,
    premint: 800,
    mintPriceWei: parseEther('0.04'),
    royaltyBps: 500,
    verified: true,
    traits: [
      trait('Background', { Void: 36, Nebula: 24, Indigo: 20, Wine: 12, Lagoon: 8 }),
      trait('Surface', { Coral: 31, Ice: 24, Amber: 20, Lilac: 14, Jade: 10, Pearl: 1 }),
      trait('Rings', { None: 40, Thin: 30, Double: 16, Tilted: 12.5, Golden: 1.5 }),
      trait('Moons', { None: 35, One: 33, Two: 22, Three: 10 }),
      trait('Atmosphere', { None: 50, Haze: 30, Aurora: 18.5, Corona: 1.5 }),
    ],
    art: { style: 'planet', hue: 250, surface: 'bands' },
    links: placeholderLinks('glass-orbits', 'g1a5sOb'),
  },
  {
    slug: 'paper-peaks',
    name: 'Paper Peaks',
    symbol: 'PEAKS',
    description: 'Mountain ranges cut from paper and lit by whatever is in the sky.',
    standard: 'erc721',
    supply: 2_500,
    premint: 700,
    mintPriceWei: parseEther('0.025'),
    royaltyBps: 250,
    verified: true,
    traits: [
      trait('Sky', { Dawn: 30, Noon: 26, Dusk: 22, Night: 20.5, Aurora: 1.5 }),
      trait('Terrain', { Slate: 34, Pine: 28, Snow: 20, Lavender: 17, Obsidian: 1 }),
      trait('Celestial', { Sun: 36, Moon: 30, Comet: 16, 'Twin Suns': 12, Eclipse: 6 }),
      trait('Weather', { Clear: 40, Clouds: 30, Stars: 15, Birds: 13.5, Snow: 1.5 }),
    ],
    art: { style: 'landscape', hue: 210, terrain: 'peaks' },
    links: placeholderLinks('paper-peaks', 'pP3aks8'),
  },
  {
    slug: 'hollow-moons',
    name: 'Hollow Moons',
    symbol: 'HMOON',
    description: 'Cratered moons that hide what they are until the reveal.',
    standard: 'erc721',
    supply: 2_000,
    premint: 600,
    mintPriceWei: parseEther('0.06'),
    royaltyBps: 500,
    revealAfterMs: 30 * 60_000,
    verified: true,
    traits: [
      trait('Background', { Void: 38, Indigo: 26, Nebula: 20, Ink: 15, 'Blood Moon': 1 }),
      trait('Surface', { Bone: 34, Ash: 26, Dust: 22, Pearl: 10, Rust: 7, Obsidian: 1 }),
      trait('Rings', { None: 55, Thin: 25, Double: 12, Tilted: 7, Golden: 1 }),
      trait('Moons', { None: 45, One: 32, Two: 16, Three: 7 }),
      trait('Atmosphere', { None: 60, Haze: 26, Aurora: 12.5, Corona: 1.5 }),
    ],
    art: { style: 'planet', hue: 265, surface: 'craters' },
    links: placeholderLinks('hollow-moons', 'h0llwMn'),
  },
  {
    slug: 'quiet-grids',
    name: 'Quiet Grids',
    symbol: 'QGRID',
    description: 'One thousand calm compositions of circles, arcs and squares.',
    standard: 'erc721',
    supply: 1_000,
    premint: 450,
    mintPriceWei: parseEther('0.015'),
    royaltyBps: 300,
    verified: true,
    traits: [
      trait('Background', { Cream: 40, Ink: 24, Sage: 18, Fog: 12, Plum: 6 }),
      trait('Primary', { Vermilion: 34, Cobalt: 28, Mustard: 22, Teal: 14.5, Gold: 1.5 }),
      trait('Secondary', { Coral: 30, Sky: 26, Mint: 22, Lilac: 21, Pearl: 1 }),
      trait('Pattern', { Quarters: 35, Arches: 25, Stripes: 20, Target: 15, Eclipse: 5 }),
      trait('Frame', { None: 70, Thin: 20, Thick: 9, Gold: 1 }),
    ],
    art: { style: 'bauhaus', hue: 40 },
    links: placeholderLinks('quiet-grids', 'qG1dz0k'),
  },
  {
    slug: 'velvet-whiskers',
    name: 'Velvet Whiskers',
    symbol: 'VWHSK',
    description: 'Alley cats with expensive taste and no plans to explain it.',
    standard: 'erc721',
    supply: 888,
    premint: 400,
    mintPriceWei: parseEther('0.035'),
    royaltyBps: 500,
    verified: false,
    traits: [
      trait('Background', { Plum: 34, Wine: 24, Teal: 20, Slate: 14, Rose: 7, Gold: 1 }),
      trait('Fur', { Ink: 36, Ginger: 30, Cream: 18, Ash: 15, Velvet: 1 }),
      trait('Eyes', { Round: 38, Wide: 26, Sleepy: 20, Glowing: 10, Starry: 5, Hearts: 1 }),
      trait('Headwear', { None: 52, Crown: 18, Beanie: 14, Flower: 10.5, 'Wizard Hat': 4, Halo: 1.5 }),
      trait('Accessory', { None: 40, 'Bow Tie': 26, Bell: 20, Scarf: 12, Pearls: 2 }),
    ],
    art: { style: 'critter', hue: 300, species: 'cat' },
    links: placeholderLinks('velvet-whiskers', 'vVh1skr'),
  },
  {
    slug: 'dune-drifters',
    name: 'Dune Drifters',
    symbol: 'DUNES',
    description: 'Five hundred deserts that never hold the same shape twice.',
    standard: 'erc721',
    supply: 500,
    premint: 250,
    mintPriceWei: parseEther('0.02'),
    royaltyBps: 250,
    verified: true,
    traits: [
      trait('Sky', { Noon: 36, Dawn: 24, Dusk: 22, Night: 17, 'Blood Moon': 1 }),
      trait('Terrain', { Sand: 42, Ochre: 26, Rust: 18, Rose: 13, Obsidian: 1 }),
      trait('Celestial', { Sun: 44, Moon: 24, 'Twin Suns': 18, Comet: 12.5, Eclipse: 1.5 }),
      trait('Weather', { Clear: 55, Birds: 20, Stars: 14, Clouds: 10, Snow: 1 }),
    ],
    art: { style: 'landscape', hue: 35, terrain: 'dunes' },
    links: placeholderLinks('dune-drifters', 'dNdr1ft'),
  },
  {
    slug: 'marble-monks',
    name: 'Marble Monks',
    symbol: 'MONK',
    description: 'Two hundred and fifty monks carved in pixels and sworn to quiet.',
    standard: 'erc721',
    supply: 250,
    premint: 120,
    mintPriceWei: parseEther('0.1'),
    royaltyBps: 600,
    verified: true,
    traits: [
      trait('Background', { Stone: 36, Sage: 26, Sand: 20, Slate: 17, Gold: 1 }),
      trait('Skin', { Tan: 32, Peach: 28, Umber: 22, Cocoa: 16, Marble: 2 }),
      trait('Hair', { Bald: 62, Short: 26, Bun: 11, Flame: 1 }),
      trait('Robe', { Saffron: 38, Maroon: 30, Ash: 18, Ivory: 12, Jade: 2 }),
      trait('Eyes', { Closed: 52, Dots: 40, Shades: 6.5, Laser: 1.5 }),
      trait('Halo', { None: 44, 'Gold Ring': 34, 'Broken Ring': 14, 'Sun Disc': 7, 'Neon Ring': 1 }),
    ],
    art: { style: 'pixel', hue: 30 },
    links: placeholderLinks('marble-monks', 'mRblMnk'),
  },
  {
    slug: 'hundred-rooms',
    name: 'Hundred Rooms',
    symbol: 'ROOMS',
    description: 'One hundred rooms, each furnished with a single idea.',
    standard: 'erc721',
    supply: 100,
    premint: 60,
    mintPriceWei: parseEther('0.25'),
    royaltyBps: 750,
    verified: true,
    traits: [
      trait('Background', { Ink: 38, Cream: 30, Plum: 20, Sage: 11, Gold: 1 }),
      trait('Primary', { Cobalt: 36, Vermilion: 30, Teal: 20, Mustard: 13, Pearl: 1 }),
      trait('Secondary', { Mustard: 34, Coral: 30, Sky: 20, Lilac: 14.5, Gold: 1.5 }),
      trait('Pattern', { Eclipse: 34, Target: 30, Arches: 20, Quarters: 14, Stripes: 2 }),
      trait('Frame', { Thin: 48, None: 32, Thick: 19, Gold: 1 }),
    ],
    art: { style: 'bauhaus', hue: 330 },
    links: placeholderLinks('hundred-rooms', 'hNdRm00'),
  },
  {
    slug: 'ember-alchemy',
    name: 'Ember Alchemy',
    symbol: 'EMBER',
    description: "An alchemist's shelf of potions; each bottle is a different recipe.",
    standard: 'erc1155',
    supply: 24,
    premint: 40,
    mintPriceWei: parseEther('0.005'),
    royaltyBps: 500,
    verified: true,
    traits: [
      trait('Background', { Ink: 35, Plum: 25, Moss: 20, Slate: 19, Gold: 1 }),
      trait('Liquid', { Ember: 32, Mana: 24, Venom: 20, Ice: 14, Rose: 9, Gold: 1 }),
      trait('Vessel', { 'Round Flask': 40, 'Tall Vial': 30, 'Square Bottle': 22, 'Heart Flask': 7, 'Skull Jar': 1 }),
      trait('Glow', { None: 40, Bubbles: 30, Sparkles: 20, Aura: 10 }),
      trait('Potency', { Standard: 50, Strong: 30, Weak: 18.5, Mythic: 1.5 }),
    ],
    items: [
      'Draught of Whispers',
      'Tonic of Second Chances',
      'Elixir of Quiet Steps',
      'Philter of Borrowed Luck',
      'Brew of Long Nights',
      'Essence of Morning',
      'Vial of Lost Echoes',
      'Tincture of Small Courage',
      'Draught of the Deep',
      'Salve of Mending',
      'Elixir of Far Sight',
      'Tonic of Swift Feet',
      'Potion of Gentle Sleep',
      'Brew of Bright Ideas',
      'Philter of Kind Words',
      'Essence of Storms',
      'Vial of Starlight',
      'Tincture of Thorns',
      'Draught of Embers',
      'Salve of Frost',
      'Potion of Open Doors',
      'Brew of Hidden Paths',
      'Essence of the Hollow',
      'Elixir of Last Light',
    ],
    art: { style: 'potion', hue: 15 },
    links: placeholderLinks('ember-alchemy', 'eMb3rAl'),
  },
];

export function collectionBySlug(slug: string): CollectionSpec | undefined {
  return COLLECTIONS.find((collection) => collection.slug === slug);
}

/** Links in the shape real projects have, on domains that resolve nowhere. */
export function placeholderLinks(slug: string, discordInvite: string): CollectionLinks {
  return {
    twitter: `https://x.com/${slug.replaceAll('-', '')}`,
    discord: `https://discord.gg/${discordInvite}`,
    website: `https://${slug}.example`,
  };
}

function trait(type: string, weights: Record<string, number>): TraitSpec {
  return { type, values: Object.entries(weights).map(([value, weight]) => ({ value, weight })) };
}
