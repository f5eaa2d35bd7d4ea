import type { CalendarEventSpec } from '@floordesk/devnet';
import type { Pool } from 'pg';

/** Writes calendar events by key: a schedule written twice leaves one row per event, updated. */
export async function upsertCalendarEvents(
  pool: Pool,
  events: readonly CalendarEventSpec[],
  collectionOf: (slug: string) => string | undefined,
): Promise<void> {
  if (events.length === 0) return;
  await pool.query(
    `insert into calendar_events (key, name, type, starts_at, time_known, collection, image_url, twitter_url,
                                  discord_url, marketplace_url, website_url)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[], $6::text[],
                          $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
     on conflict (key) do update set name = excluded.name, type = excluded.type, starts_at = excluded.starts_at,
       time_known = excluded.time_known, collection = excluded.collection, image_url = excluded.image_url,
       twitter_url = excluded.twitter_url, discord_url = excluded.discord_url,
       marketplace_url = excluded.marketplace_url, website_url = excluded.website_url`,
    [
      events.map((e) => e.key),
      events.map((e) => e.name),
      events.map((e) => e.type),
      events.map((e) => e.startsAt),
      events.map((e) => e.timeKnown),
      events.map((e) => collectionOf(e.slug) ?? null),
      events.map((e) => e.imageUrl),
      events.map((e) => e.twitterUrl),
      events.map((e) => e.discordUrl),
      events.map((e) => e.marketplaceUrl),
      events.map((e) => e.websiteUrl),
    ],
  );
}

export type CalendarRecord = {
  key: string;
  name: string;
  type: string;
  starts_at: Date;
  time_known: boolean;
  collection: string | null;
  image_url: string | null;
  twitter_url: string | null;
  discord_url: string | null;
  marketplace_url: string | null;
  website_url: string | null;
};

/**
 * Events of the given types starting in (`from`, `to`], soonest first; an event whose hour is not announced counts
 * from the end of its day (`dayFrom` is one day before `from` for those, whose time is the day's start).
 */
export async function eventsBetween(
  pool: Pool,
  { from, dayFrom, to, types }: { from: Date; dayFrom: Date; to: Date; types: readonly string[] },
): Promise<CalendarRecord[]> {
  const { rows } = await pool.query<CalendarRecord>(
    `select key, name, type, starts_at, time_known, collection, image_url, twitter_url, discord_url, marketplace_url,
            website_url
       from calendar_events
      where (starts_at > $1 or (not time_known and starts_at > $2)) and starts_at <= $3 and type = any($4::text[])
      order by starts_at, name, key`,
    [from, dayFrom, to, types],
  );
  return rows;
}
