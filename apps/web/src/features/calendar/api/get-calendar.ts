import { type CalendarItem, timeKnownOf } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The schedule changes a few times a day; reopening the modal within minutes need not ask again. */
const CALENDAR_STALE_MS = 5 * 60_000;

/** A mint or reveal; the wire's `time_flag` is `timeKnown` (false when only its day is known). */
export type CalendarEvent = Omit<CalendarItem, 'time_flag'> & { timeKnown: boolean };

export function calendarEventOf({ time_flag, ...item }: CalendarItem): CalendarEvent {
  return { ...item, timeKnown: timeKnownOf(time_flag) };
}

export async function getCalendar(): Promise<{ list: CalendarEvent[] }> {
  const { list } = await apiClient.call('calendar');
  return { list: list.map(calendarEventOf) };
}

export const calendarQueryOptions = queryOptions({
  queryKey: ['calendar'],
  queryFn: getCalendar,
  staleTime: CALENDAR_STALE_MS,
});

/** Upcoming mints and reveals. */
export function useCalendar() {
  return useQuery(calendarQueryOptions);
}
