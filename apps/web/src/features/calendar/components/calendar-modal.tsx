import { CALENDAR_MODAL_WIDTH, CALENDAR_SCROLL_STEP_PX } from '@floordesk/protocol';
import { ChevronDown, ChevronUp, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setPanelOpen, usePanelOpen } from '../../../stores/panels-store';
import { Dialog } from '../../../components/ui/dialog';
import { dayjs } from '../../../lib/dates';
import { useCalendar } from '../api/get-calendar';
import { groupByDay } from '../calendar-days';
import { CalendarDayList } from './calendar-day-list';

const KEY_STEPS: Partial<Record<string, number>> = {
  ArrowUp: -CALENDAR_SCROLL_STEP_PX,
  ArrowLeft: -CALENDAR_SCROLL_STEP_PX,
  ArrowDown: CALENDAR_SCROLL_STEP_PX,
  ArrowRight: CALENDAR_SCROLL_STEP_PX,
};

function scrollTimeline(timeline: HTMLElement | null, top: number): void {
  timeline?.scrollBy({ top, behavior: 'smooth' });
}

/** The mint and reveal calendar, panel 'calendar'. */
export function CalendarModal() {
  const { t } = useTranslation();
  const open = usePanelOpen('calendar');
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => setPanelOpen('calendar', next)}
      title={t('calendar.title')}
      description={t('calendar.timezone', { zone, offset: dayjs().format('Z') })}
      style={{ maxWidth: CALENDAR_MODAL_WIDTH }}
    >
      <Timeline />
    </Dialog>
  );
}

function Timeline() {
  const { t } = useTranslation();
  const { data, error, refetch } = useCalendar();
  const timeline = useRef<HTMLElement>(null);

  // The arrow keys scroll the timeline wherever the focus is in the modal, which holds nothing else they move.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const step = KEY_STEPS[event.key];
      if (step === undefined || event.defaultPrevented) return;
      event.preventDefault();
      scrollTimeline(timeline.current, step);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!data) {
    return error ? (
      <div role="alert" className="mt-4 flex flex-col items-center gap-2 py-10 text-center text-danger">
        <p>{t('calendar.error')}</p>
        <button type="button" className="button-primary" onClick={() => void refetch()}>
          {t('calendar.retry')}
        </button>
      </div>
    ) : (
      <div className="mt-4 flex items-center justify-center gap-2 py-16 text-faint">
        <LoaderCircle size={16} className="animate-spin" aria-hidden />
        <span>{t('app.loading')}</span>
      </div>
    );
  }
  if (data.list.length === 0) return <p className="mt-4 py-16 text-center text-faint">{t('calendar.empty')}</p>;

  const days = groupByDay(data.list, dayjs().unix());
  return (
    <div className="mt-3 flex gap-2">
      <section
        ref={timeline}
        aria-label={t('calendar.timeline')}
        className="max-h-[calc(100dvh-220px)] min-w-0 flex-1 overflow-y-auto rounded-md border border-line"
      >
        <CalendarDayList days={days} />
      </section>
      <div className="flex flex-col gap-1">
        <button
          type="button"
          className="icon-button border border-line"
          aria-label={t('calendar.scroll_up')}
          onClick={() => scrollTimeline(timeline.current, -CALENDAR_SCROLL_STEP_PX)}
        >
          <ChevronUp size={16} />
        </button>
        <button
          type="button"
          className="icon-button border border-line"
          aria-label={t('calendar.scroll_down')}
          onClick={() => scrollTimeline(timeline.current, CALENDAR_SCROLL_STEP_PX)}
        >
          <ChevronDown size={16} />
        </button>
      </div>
    </div>
  );
}
