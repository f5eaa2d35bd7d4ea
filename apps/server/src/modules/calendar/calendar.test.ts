import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testClock } from '../../testing/server';
import { CALENDAR_DAYS_AHEAD, STARTED_SHOWN_MS } from './service';
import { type CalendarEvent, upsertCalendarEvents } from './store';

const database = useTestDatabase();
const clock = testClock(new Date('2030-06-10T12:00:00Z'));
let app: FastifyInstance;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const COLLECTION = '0x00000000000000000000000000000000000000f1';

function event(key: string, startsAt: number, fields: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    key,
    name: `Project ${key}`,
    type: 'public',
    startsAt: new Date(startsAt),
    timeKnown: true,
    collection: null,
    imageUrl: `https://img/${key}.png`,
    twitterUrl: `https://x.com/${key}`,
    discordUrl: `https://discord.gg/${key}`,
    marketplaceUrl: `https://opensea.io/collection/${key}`,
    websiteUrl: `https://${key}.example`,
    ...fields,
  };
}

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
  const now = clock.now().getTime();
  const today = Math.floor(now / DAY) * DAY;
  await upsertCalendarEvents(database().db, [
    event('far', now + (CALENDAR_DAYS_AHEAD + 1) * DAY),
    event('soon', now + 3 * HOUR, { type: 'whitelist', collection: COLLECTION }),
    event('just-opened', now - STARTED_SHOWN_MS + 60_000),
    event('long-open', now - STARTED_SHOWN_MS - 60_000),
    event('today-reveal', today, { type: 'reveal', timeKnown: false }),
    event('yesterday-mint', today - DAY, { type: 'mint', timeKnown: false }),
    event('last-day', now + CALENDAR_DAYS_AHEAD * DAY - 60_000, { type: 'mint' }),
  ]);
});
afterAll(() => app.close());

describe('GET /api/calendar (open to visitors)', () => {
  it('lists events soonest first, from those opened within the hour (or today, when only the day is known) to 60 days ahead', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/calendar' });
    expect(response.json().status).toBe(Status.Ok);
    expect(response.json().data.list.map((item: { id: string }) => item.id)).toEqual([
      'today-reveal',
      'just-opened',
      'soon',
      'last-day',
    ]);
  });

  it("maps each event to the spec's calendar item", async () => {
    const { list } = (await app.inject({ method: 'GET', url: '/api/calendar' })).json().data;
    expect(list.find((item: { id: string }) => item.id === 'soon')).toEqual({
      id: 'soon',
      open_timestemp: clock.now().getTime() / 1000 + 3 * 3600,
      time_flag: 0,
      type_name: 'whitelist',
      name: 'Project soon',
      address: COLLECTION,
      image_url: 'https://img/soon.png',
      twitter_url: 'https://x.com/soon',
      discord_url: 'https://discord.gg/soon',
      opensea_url: 'https://opensea.io/collection/soon',
      external_link: 'https://soon.example',
    });
    expect(list.find((item: { id: string }) => item.id === 'today-reveal')).toMatchObject({
      time_flag: 1,
      type_name: 'reveal',
      address: null,
    });
  });
});
