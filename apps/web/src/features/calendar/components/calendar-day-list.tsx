import { useTranslation } from 'react-i18next';
import type { CalendarDay } from '../calendar-days';
import { CalendarEntry } from './calendar-entry';

/** The calendar's days, each under a sticky header: in the modal's timeline and beside /discover's minting list. */
export function CalendarDayList({ days }: { days: readonly CalendarDay[] }) {
  const { t } = useTranslation();
  return days.map((day) => (
    <section key={day.date} aria-label={day.start.format(t('calendar.day'))}>
      <h3 className="sticky top-0 z-10 border-b border-line bg-raised px-3 py-1 text-[12px] font-semibold text-fg">
        {day.start.format(t('calendar.day'))}
      </h3>
      <ul className="divide-y divide-line/60">
        {day.entries.map((entry) => (
          <CalendarEntry key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  ));
}
