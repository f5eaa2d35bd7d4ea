import { clsx } from 'clsx';
import { BellPlus, Globe, MessageCircle, Sailboat } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionImage } from '../../../components/ui/collection-image';
import { formatDate, fromNow } from '../../../lib/dates';
import { openAlertDialog } from '../../../stores/alert-dialog-store';
import { requireLogin } from '../../../stores/login-prompt-store';
import { closePanels } from '../../../stores/panels-store';
import type { CalendarEvent } from '../api/get-calendar';
import type { CalendarEntry as Entry } from '../calendar-days';

type LinkKind = 'twitter' | 'discord' | 'opensea' | 'website';

const LINKS: readonly { kind: LinkKind; href: (item: CalendarEvent) => string | null; icon: ReactNode }[] = [
  {
    kind: 'twitter',
    href: (item) => item.twitter_url,
    icon: (
      <span className="text-[12px] leading-none font-bold" aria-hidden>
        𝕏
      </span>
    ),
  },
  { kind: 'discord', href: (item) => item.discord_url, icon: <MessageCircle size={13} aria-hidden /> },
  { kind: 'opensea', href: (item) => item.opensea_url, icon: <Sailboat size={13} aria-hidden /> },
  { kind: 'website', href: (item) => item.external_link, icon: <Globe size={13} aria-hidden /> },
];

const TYPE_COLOURS: Record<CalendarEvent['type_name'], string> = {
  whitelist: 'border-warn/50 text-warn',
  public: 'border-accent/50 text-accent',
  mint: 'border-accent/50 text-accent',
  reveal: 'border-line text-muted',
};

/** One mint or reveal: past ones dimmed (the original app's `dark` is the opposite: still to come). */
export function CalendarEntry({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  return (
    <li className={clsx('flex items-center gap-3 px-3 py-2', !entry.upcoming && 'opacity-45')}>
      <div className="w-20 shrink-0 leading-tight">
        <div className="font-mono text-[12px] text-fg">
          {entry.timeKnown ? formatDate(entry.open_timestemp, 'HH:mm') : t('calendar.time_tba')}
        </div>
        {entry.timeKnown && <div className="truncate text-[11px] text-faint">{fromNow(entry.open_timestemp)}</div>}
      </div>
      <CollectionImage src={entry.image_url} name={entry.name} className="size-9 text-[13px]" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-fg" title={entry.name}>
            {entry.name}
          </span>
          <span
            className={clsx(
              'shrink-0 rounded-sm border px-1 text-[10px] leading-4 font-semibold',
              TYPE_COLOURS[entry.type_name],
            )}
          >
            {t(`calendar.type.${entry.type_name}`)}
          </span>
        </div>
        <div className="mt-1 flex gap-1">
          {LINKS.map(({ kind, href, icon }) => {
            const url = href(entry);
            return (
              url && (
                <a
                  key={kind}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(`calendar.link.${kind}`)}
                  title={t(`calendar.link.${kind}`)}
                  className="grid size-6 place-items-center rounded border border-line text-muted transition-colors hover:border-faint hover:text-fg"
                >
                  {icon}
                </a>
              )
            );
          })}
        </div>
      </div>
      {entry.upcoming && entry.timeKnown && (
        <button
          type="button"
          onClick={() => {
            if (!requireLogin()) return;
            // The calendar gives way to the Alert dialog, on a custom-event form for this item.
            closePanels();
            openAlertDialog({
              title: `${entry.name} · ${t(`calendar.type.${entry.type_name}`)}`,
              at: entry.open_timestemp,
            });
          }}
          aria-label={t('calendar.remind', { name: entry.name })}
          title={t('calendar.remind', { name: entry.name })}
          className="grid size-7 shrink-0 place-items-center rounded border border-line text-muted transition-colors hover:border-accent hover:text-accent"
        >
          <BellPlus size={14} aria-hidden />
        </button>
      )}
    </li>
  );
}
