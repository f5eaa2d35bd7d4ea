import { type CalendarData, CalendarItem, timeFlagCode } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { unixSeconds } from '../../time';
import { eventsBetween } from './store';

/** An event that started less than this long ago is still shown: a mint that opened minutes ago is still on. */
export const STARTED_SHOWN_MS = 60 * 60_000;
export const CALENDAR_DAYS_AHEAD = 60;

const DAY_MS = 24 * 60 * 60_000;
const TYPES = CalendarItem.shape.type_name.options;

export async function upcomingEvents(ctx: AppContext): Promise<CalendarData> {
  const now = ctx.now().getTime();
  const from = now - STARTED_SHOWN_MS;
  const rows = await eventsBetween(ctx.db, {
    from: new Date(from),
    dayFrom: new Date(from - DAY_MS),
    to: new Date(now + CALENDAR_DAYS_AHEAD * DAY_MS),
    types: TYPES,
  });
  return {
    list: rows.map((row) => ({
      id: row.key,
      open_timestemp: unixSeconds(row.starts_at),
      time_flag: timeFlagCode(row.time_known),
      type_name: row.type as CalendarItem['type_name'],
      name: row.name,
      address: row.collection,
      image_url: row.image_url,
      twitter_url: row.twitter_url,
      discord_url: row.discord_url,
      opensea_url: row.marketplace_url,
      external_link: row.website_url,
    })),
  };
}
