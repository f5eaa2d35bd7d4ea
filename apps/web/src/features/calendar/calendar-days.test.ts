import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarEvent, calendarEventOf } from './api/get-calendar';
import { groupByDay } from './calendar-days';
import { calendarItem } from './test-fixtures';

const zone = process.env.TZ;

function item(id: string, iso: string, timeKnown = true): CalendarEvent {
  return { ...calendarEventOf(calendarItem({ id, open_timestemp: Date.parse(iso) / 1000 })), timeKnown };
}

function layout(items: CalendarEvent[], now = 0) {
  return groupByDay(items, now).map((day) => [day.date, day.entries.map((entry) => entry.id)]);
}

function setZone(name: string) {
  // Node reads TZ on every date computation, so switching it mid-run moves "local" for dayjs too.
  process.env.TZ = name;
}

describe('calendar days', () => {
  beforeEach(() => setZone('UTC'));
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('groups by the date in the user’s timezone', () => {
    const evening = item('evening', '2025-03-01T15:00:00Z');
    const night = item('night', '2025-03-01T17:00:00Z');

    setZone('Asia/Shanghai');
    expect(layout([evening, night])).toEqual([
      ['2025-03-01', ['evening']],
      ['2025-03-02', ['night']],
    ]);

    setZone('America/New_York');
    expect(layout([evening, night])).toEqual([['2025-03-01', ['evening', 'night']]]);
  });

  it('keeps a date without a time on its date west of UTC', () => {
    setZone('America/Los_Angeles');
    expect(layout([item('reveal', '2025-03-05T00:00:00Z', false), item('mint', '2025-03-05T00:00:00Z')])).toEqual([
      ['2025-03-04', ['mint']],
      ['2025-03-05', ['reveal']],
    ]);
  });

  it('orders days and the items of a day earliest first', () => {
    expect(
      layout([item('c', '2025-03-02T09:00:00Z'), item('b', '2025-03-01T18:00:00Z'), item('a', '2025-03-01T08:00:00Z')]),
    ).toEqual([
      ['2025-03-01', ['a', 'b']],
      ['2025-03-02', ['c']],
    ]);
  });

  it('marks what is still to come; a date without a time stays to come until its day ends', () => {
    setZone('Asia/Shanghai');
    const now = Date.parse('2025-03-05T02:00:00Z') / 1000; // 10:00 in Shanghai
    const days = groupByDay(
      [
        item('this morning', '2025-03-05T01:00:00Z'),
        item('this evening', '2025-03-05T11:00:00Z'),
        item('today, time TBA', '2025-03-05T12:00:00Z', false),
        item('yesterday, time TBA', '2025-03-04T12:00:00Z', false),
      ],
      now,
    );
    const upcoming = Object.fromEntries(days.flatMap((day) => day.entries).map((entry) => [entry.id, entry.upcoming]));
    expect(upcoming).toEqual({
      'this morning': false,
      'this evening': true,
      'today, time TBA': true,
      'yesterday, time TBA': false,
    });
  });
});
