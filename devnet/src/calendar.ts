import { type ArtSpec, COLLECTIONS, type CollectionLinks, placeholderLinks } from './catalog';
import { coverImageUrl } from './metadata';

export type CalendarEventType = 'whitelist' | 'public' | 'reveal' | 'mint';

/** One row of the mint & reveal calendar. */
export type CalendarEventSpec = {
  /** Stable across restarts: "<slug>:<type>". */
  key: string;
  name: string;
  type: CalendarEventType;
  startsAt: Date;
  /** False when only the date is announced: the calendar shows "time unknown". */
  timeKnown: boolean;
  slug: string;
  imageUrl: string;
  twitterUrl: string;
  discordUrl: string;
  marketplaceUrl: string;
  websiteUrl: string;
};

/** `day` whole UTC days after the day the devnet first started, at `hourUtc` or at an hour not announced yet. */
type PlannedEvent = { type: CalendarEventType; day: number; hourUtc?: number };

/** A project that has not launched: it exists only in the calendar, with a cover drawn in its style. */
export type UpcomingProject = {
  slug: string;
  name: string;
  art: ArtSpec;
  links: CollectionLinks;
  events: readonly PlannedEvent[];
};

export const UPCOMING_PROJECTS: readonly UpcomingProject[] = [
  {
    slug: 'copper-sprites',
    name: 'Copper Sprites',
    art: { style: 'robot', hue: 28 },
    links: placeholderLinks('copper-sprites', 'cPr5prt'),
    events: [
      { type: 'whitelist', day: 1, hourUtc: 15 },
      { type: 'public', day: 1, hourUtc: 19 },
      { type: 'reveal', day: 3 },
    ],
  },
  {
    slug: 'night-shift-cats',
    name: 'Night Shift Cats',
    art: { style: 'critter', hue: 230, species: 'cat' },
    links: placeholderLinks('night-shift-cats', 'n1ghtSc'),
    events: [
      { type: 'whitelist', day: 2, hourUtc: 14 },
      { type: 'public', day: 2, hourUtc: 18 },
      { type: 'reveal', day: 5, hourUtc: 17 },
    ],
  },
  {
    slug: 'small-suns',
    name: 'Small Suns',
    art: { style: 'planet', hue: 40, surface: 'bands' },
    links: placeholderLinks('small-suns', 'sm4lSun'),
    events: [
      { type: 'mint', day: 2 },
      { type: 'reveal', day: 4, hourUtc: 16 },
    ],
  },
  {
    slug: 'low-tide-club',
    name: 'Low Tide Club',
    art: { style: 'landscape', hue: 190, terrain: 'dunes' },
    links: placeholderLinks('low-tide-club', 'l0wT1de'),
    events: [
      { type: 'whitelist', day: 4, hourUtc: 13 },
      { type: 'public', day: 5, hourUtc: 13 },
      { type: 'reveal', day: 8 },
    ],
  },
  {
    slug: 'folded-cranes',
    name: 'Folded Cranes',
    art: { style: 'bauhaus', hue: 350 },
    links: placeholderLinks('folded-cranes', 'fLdCrn2'),
    events: [
      { type: 'public', day: 6, hourUtc: 17.5 },
      { type: 'reveal', day: 7, hourUtc: 20 },
    ],
  },
  {
    slug: 'hex-apothecary',
    name: 'Hex Apothecary',
    art: { style: 'potion', hue: 140 },
    links: placeholderLinks('hex-apothecary', 'hXap0th'),
    events: [{ type: 'mint', day: 7, hourUtc: 16 }],
  },
  {
    slug: 'pixel-pilgrims',
    name: 'Pixel Pilgrims',
    art: { style: 'pixel', hue: 170 },
    links: placeholderLinks('pixel-pilgrims', 'pXlPlg9'),
    events: [
      { type: 'whitelist', day: 9, hourUtc: 15 },
      { type: 'public', day: 9, hourUtc: 21 },
      { type: 'reveal', day: 12, hourUtc: 18 },
    ],
  },
  {
    slug: 'bramble-bears',
    name: 'Bramble Bears',
    art: { style: 'critter', hue: 100, species: 'bear' },
    links: placeholderLinks('bramble-bears', 'bRmblB4'),
    events: [
      { type: 'whitelist', day: 11, hourUtc: 16 },
      { type: 'public', day: 12, hourUtc: 16 },
      { type: 'reveal', day: 14, hourUtc: 19 },
    ],
  },
];

export function upcomingProjectBySlug(slug: string): UpcomingProject | undefined {
  return UPCOMING_PROJECTS.find((project) => project.slug === slug);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An event without an announced hour is stored at noon UTC, which falls on the same date in nearly every zone. */
const UNKNOWN_HOUR_UTC = 12;

/**
 * The calendar as seen from a devnet first started at `firstStartedAt`: the upcoming projects' events over the
 * following two weeks, and the reveal of the catalog's hidden collection. The same start gives the same calendar.
 */
export function calendarSchedule(firstStartedAt: Date, origin: string): CalendarEventSpec[] {
  const firstDay = Math.floor(firstStartedAt.getTime() / DAY_MS) * DAY_MS;
  const upcoming = UPCOMING_PROJECTS.flatMap((project) =>
    project.events.map(({ type, day, hourUtc }) =>
      calendarEvent(project, type, new Date(firstDay + day * DAY_MS + (hourUtc ?? UNKNOWN_HOUR_UTC) * HOUR_MS), {
        timeKnown: hourUtc !== undefined,
        origin,
      }),
    ),
  );
  const reveals = COLLECTIONS.flatMap((collection) =>
    collection.revealAfterMs === undefined
      ? []
      : [
          calendarEvent(collection, 'reveal', new Date(firstStartedAt.getTime() + collection.revealAfterMs), {
            timeKnown: true,
            origin,
          }),
        ],
  );
  return [...upcoming, ...reveals].toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function calendarEvent(
  project: { slug: string; name: string; links: CollectionLinks },
  type: CalendarEventType,
  startsAt: Date,
  { timeKnown, origin }: { timeKnown: boolean; origin: string },
): CalendarEventSpec {
  return {
    key: `${project.slug}:${type}`,
    name: project.name,
    type,
    startsAt,
    timeKnown,
    slug: project.slug,
    imageUrl: coverImageUrl(origin, project.slug),
    twitterUrl: project.links.twitter,
    discordUrl: project.links.discord,
    marketplaceUrl: `https://opensea.io/collection/${project.slug}`,
    websiteUrl: project.links.website,
  };
}
