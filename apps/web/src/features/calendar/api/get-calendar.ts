import type { CalendarData } from '@floordesk/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The schedule changes a few times a day; reopening the modal within minutes need not ask again. */
const CALENDAR_STALE_MS = 5 * 60_000;

export function getCalendar(): Promise<CalendarData> {
  return apiClient.call('calendar');
}

export const calendarQueryOptions = queryOptions({
  queryKey: ['calendar'],
  queryFn: getCalendar,
  staleTime: CALENDAR_STALE_MS,
});

/** Upcoming mints and reveals (spec §2 Calendar). */
export function useCalendar() {
  return useQuery(calendarQueryOptions);
}
