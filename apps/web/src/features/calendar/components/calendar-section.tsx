import { useTranslation } from 'react-i18next';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { dayjs } from '../../../lib/dates';
import { useMarketPulseTexts } from '../../../lib/market-pulse-texts';
import { useCalendar } from '../api/get-calendar';
import { groupByDay } from '../calendar-days';
import { CalendarDayList } from './calendar-day-list';

/** The mint and reveal calendar as a page section (/discover), scrolling within its own height on wide screens. */
export function CalendarSection({ className }: { className?: string }) {
  const { t: common } = useTranslation();
  const { t } = useMarketPulseTexts();
  const calendar = useCalendar();
  const { data } = calendar;
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  let body;
  if (!data) {
    body = (
      <LoadingOrFailed
        query={calendar}
        message={common('calendar.error')}
        retry={common('calendar.retry')}
        className="justify-center py-10"
      />
    );
  } else if (data.list.length === 0) {
    body = <p className="py-10 text-center text-faint">{common('calendar.empty')}</p>;
  } else {
    body = (
      <div className="overflow-y-auto lg:max-h-[calc(100dvh-260px)]">
        <CalendarDayList days={groupByDay(data.list, dayjs().unix())} />
      </div>
    );
  }
  return (
    <section aria-labelledby="calendar-section-title" className={className}>
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="calendar-section-title" className="font-semibold text-fg">
          {t('pulse.discover.calendar_title')}
        </h2>
        <p className="text-[11px] text-faint">
          {t('pulse.discover.calendar_timezone', { zone, offset: dayjs().format('Z') })}
        </p>
      </header>
      <div className="rounded-md border border-line bg-panel">{body}</div>
    </section>
  );
}
