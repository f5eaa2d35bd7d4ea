import type { Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { dayjs } from '../../lib/dates';
import type { CalendarEvent } from './api/get-calendar';

dayjs.extend(utc);

/** A calendar item with the original app's derived `dark`: still to come. */
export type CalendarEntry = CalendarEvent & { upcoming: boolean };

export type CalendarDay = {
  /** The calendar date, `YYYY-MM-DD`. */
  date: string;
  /** Local midnight of that date, for its header. */
  start: Dayjs;
  entries: CalendarEntry[];
};

const DATE = 'YYYY-MM-DD';

/**
 * The date an item falls on. A known time is an instant, shown on the user's local date (spec: adjusted to the
 * timezone); a date without a time is a calendar date, kept as the UTC date it is stored on, since
 * shifting it into a zone west of UTC would move it to the day before.
 */
function dateOf(item: CalendarEvent): string {
  const at = dayjs.unix(item.open_timestemp);
  return (item.timeKnown ? at : at.utc()).format(DATE);
}

/** Items by date, earliest first; `now` in Unix seconds decides what is past. */
export function groupByDay(items: readonly CalendarEvent[], now: number): CalendarDay[] {
  const days = new Map<string, CalendarDay>();
  for (const item of items.toSorted((a, b) => a.open_timestemp - b.open_timestemp)) {
    const date = dateOf(item);
    let day = days.get(date);
    if (!day) {
      day = { date, start: dayjs(date), entries: [] };
      days.set(date, day);
    }
    // An item with only a date stays upcoming until that date is over.
    const startsAt = item.timeKnown ? item.open_timestemp : day.start.endOf('day').unix();
    day.entries.push({ ...item, upcoming: startsAt > now });
  }
  return [...days.values()].toSorted((a, b) => a.date.localeCompare(b.date));
}
