import type { CalendarItem } from '@floordesk/protocol';

/** Fixtures for the calendar's tests. */

/** A public sale named after its id, with no links, unless `overrides` say otherwise. */
export function calendarItem(
  overrides: Partial<CalendarItem> & Pick<CalendarItem, 'id' | 'open_timestemp'>,
): CalendarItem {
  return {
    time_flag: 0,
    type_name: 'public',
    name: overrides.id,
    address: null,
    image_url: null,
    twitter_url: null,
    discord_url: null,
    opensea_url: null,
    external_link: null,
    ...overrides,
  };
}
