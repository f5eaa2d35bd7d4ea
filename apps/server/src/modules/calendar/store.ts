import { sql } from 'drizzle-orm';
import type { Executor, TimestampsAsText } from '../../db/pool';

/** An event of the calendar, keyed: `collection` is the address of its collection once that is on chain. */
export type CalendarEvent = {
  key: string;
  name: string;
  type: string;
  startsAt: Date;
  /** False when only the date is announced. */
  timeKnown: boolean;
  collection: string | null;
  imageUrl: string | null;
  twitterUrl: string | null;
  discordUrl: string | null;
  marketplaceUrl: string | null;
  websiteUrl: string | null;
};

/** Writes calendar events by key: a schedule written twice leaves one row per event, updated. */
export async function upsertCalendarEvents(db: Executor, events: readonly CalendarEvent[]): Promise<void> {
  if (events.length === 0) return;
  const column = <T>(value: (event: CalendarEvent) => T) => sql.param(events.map(value));
  await db.execute(sql`
    insert into calendar_events (key, name, type, starts_at, time_known, collection, image_url, twitter_url,
                                 discord_url, marketplace_url, website_url)
    select * from unnest(${column((e) => e.key)}::text[], ${column((e) => e.name)}::text[],
                         ${column((e) => e.type)}::text[], ${column((e) => e.startsAt)}::timestamptz[],
                         ${column((e) => e.timeKnown)}::boolean[], ${column((e) => e.collection)}::text[],
                         ${column((e) => e.imageUrl)}::text[], ${column((e) => e.twitterUrl)}::text[],
                         ${column((e) => e.discordUrl)}::text[], ${column((e) => e.marketplaceUrl)}::text[],
                         ${column((e) => e.websiteUrl)}::text[])
    on conflict (key) do update set name = excluded.name, type = excluded.type, starts_at = excluded.starts_at,
      time_known = excluded.time_known, collection = excluded.collection, image_url = excluded.image_url,
      twitter_url = excluded.twitter_url, discord_url = excluded.discord_url,
      marketplace_url = excluded.marketplace_url, website_url = excluded.website_url`);
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
  db: Executor,
  { from, dayFrom, to, types }: { from: Date; dayFrom: Date; to: Date; types: readonly string[] },
): Promise<CalendarRecord[]> {
  const { rows } = await db.execute<TimestampsAsText<CalendarRecord, 'starts_at'>>(sql`
    select key, name, type, starts_at, time_known, collection, image_url, twitter_url, discord_url, marketplace_url,
           website_url
      from calendar_events
     where (starts_at > ${from} or (not time_known and starts_at > ${dayFrom})) and starts_at <= ${to}
       and type = any(${sql.param(types)}::text[])
     order by starts_at, name, key`);
  return rows.map((row) => ({ ...row, starts_at: new Date(row.starts_at) }));
}
