import { describe, expect, it } from 'vitest';
import { calendarSchedule, UPCOMING_PROJECTS, upcomingProjectBySlug } from './calendar';
import { COLLECTIONS } from './catalog';

const ORIGIN = 'http://127.0.0.1:8080';
const DAY_MS = 86_400_000;
const startedAt = new Date('2030-03-10T09:41:00Z');
const schedule = calendarSchedule(startedAt, ORIGIN);

describe('upcoming projects', () => {
  it('are 6 to 10 projects whose slugs clash neither with each other nor with the catalog', () => {
    expect(UPCOMING_PROJECTS.length).toBeGreaterThanOrEqual(6);
    expect(UPCOMING_PROJECTS.length).toBeLessThanOrEqual(10);
    const slugs = [...UPCOMING_PROJECTS, ...COLLECTIONS].map((project) => project.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('are found by slug', () => {
    expect(upcomingProjectBySlug('copper-sprites')?.name).toBe('Copper Sprites');
    expect(upcomingProjectBySlug('moonlit-foxes')).toBeUndefined();
  });
});

describe('calendarSchedule', () => {
  it('is sorted by start time, with a unique key per event', () => {
    const times = schedule.map((event) => event.startsAt.getTime());
    expect(times).toEqual(times.toSorted((a, b) => a - b));
    expect(new Set(schedule.map((event) => event.key)).size).toBe(schedule.length);
  });

  it.each([
    ['in the morning', startedAt],
    ['one minute before midnight UTC', new Date('2030-03-10T23:59:00Z')],
    ['at midnight UTC', new Date('2030-03-10T00:00:00Z')],
  ])('puts every event within 15 days after a start %s', (_, start) => {
    const outside = calendarSchedule(start, ORIGIN).filter(
      ({ startsAt }) => startsAt <= start || startsAt.getTime() >= start.getTime() + 15 * DAY_MS,
    );
    expect(outside).toEqual([]);
  });

  it('reveals the hidden catalog collection when the devnet reveals it', () => {
    const hidden = COLLECTIONS.find((collection) => collection.revealAfterMs !== undefined);
    const reveal = schedule.find((event) => event.key === `${hidden?.slug}:reveal`);
    expect(reveal).toMatchObject({ type: 'reveal', timeKnown: true, name: hidden?.name });
    expect(reveal?.startsAt.getTime()).toBe(startedAt.getTime() + (hidden?.revealAfterMs ?? 0));
  });

  it('has whitelist, public and reveal events, several on one day, and some without a known time', () => {
    const types = new Set(schedule.map((event) => event.type));
    for (const type of ['whitelist', 'public', 'reveal'] as const) expect(types).toContain(type);
    const days = schedule.map((event) => event.startsAt.toISOString().slice(0, 10));
    expect(new Set(days).size).toBeLessThan(days.length);
    expect(new Set(days).size).toBeGreaterThanOrEqual(8);
    expect(schedule.filter((event) => !event.timeKnown).length).toBeGreaterThanOrEqual(2);
  });

  it('places an event without a known time at noon UTC, so its date reads the same in nearly every zone', () => {
    const unknown = schedule.filter((event) => !event.timeKnown);
    expect(unknown.map((event) => event.startsAt.toISOString().slice(11))).toEqual(unknown.map(() => '12:00:00.000Z'));
  });

  it.each(UPCOMING_PROJECTS)('takes $name through its sales before its reveal', (project) => {
    const order = ['whitelist', 'public', 'mint', 'reveal'];
    const own = schedule.filter((event) => event.slug === project.slug).map((event) => event.type);
    expect(own.length).toBeGreaterThan(0);
    expect(own).toEqual(own.toSorted((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  it('is the same for the same start and moves with a later one', () => {
    expect(calendarSchedule(startedAt, ORIGIN)).toEqual(schedule);
    const dayLater = calendarSchedule(new Date(startedAt.getTime() + DAY_MS), ORIGIN);
    expect(dayLater.map((event) => event.startsAt.getTime() - DAY_MS)).toEqual(
      schedule.map((event) => event.startsAt.getTime()),
    );
  });

  it('links every event to its cover image and placeholder pages', () => {
    const misfits = schedule.filter(
      (event) =>
        event.imageUrl !== `${ORIGIN}/devnet/images/${event.slug}/cover.svg` ||
        event.marketplaceUrl !== `https://opensea.io/collection/${event.slug}` ||
        event.websiteUrl !== `https://${event.slug}.example` ||
        !event.twitterUrl.startsWith('https://x.com/') ||
        !event.discordUrl.startsWith('https://discord.gg/') ||
        event.key !== `${event.slug}:${event.type}`,
    );
    expect(misfits).toEqual([]);
  });
});
