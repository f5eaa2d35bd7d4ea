import { NOTIFICATION_REFRESH_MS, NOTIFICATION_TYPE, type NotificationItem } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Bell, ChevronDown, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Age } from '../../../components/ui/age';
import { CollectionImage } from '../../../components/ui/collection-image';
import { notificationStore, useNotificationArea } from '../notification-store';
import { collectionLabel, noticeText, Price, Profit, TypeLabel, walletLabel } from './notification-fields';

/** Now in unix seconds, ticking every NOTIFICATION_REFRESH_MS; each tick also drops what is over an hour old. */
function useTickingNow(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.floor(Date.now() / 1000);
      setNow(seconds);
      notificationStore.getState().prune(seconds);
    }, NOTIFICATION_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function NotificationCard({ item, now }: { item: NotificationItem; now: number }) {
  const { t } = useTranslation();
  const isNotice = item.type >= NOTIFICATION_TYPE.announcement;
  const notice = isNotice ? noticeText(item, t) : undefined;
  const collection = collectionLabel(item);
  return (
    <li
      data-testid="notification"
      data-type={item.type}
      data-token-id={item.token_id ?? undefined}
      className="relative rounded-md border border-line bg-panel p-2.5 pr-8 shadow-xl"
    >
      <div className="flex items-center gap-2 text-[12px]">
        <TypeLabel item={item} />
        {!isNotice && <span className="min-w-0 truncate font-mono text-muted">{walletLabel(item)}</span>}
        <span className="ml-auto shrink-0 text-faint">
          <Age at={item.create_time} now={now} />
        </span>
      </div>
      {notice ? (
        <div className="mt-1 min-w-0">
          <p className="font-semibold text-fg">{notice.title}</p>
          <p className="mt-0.5 break-words text-muted">{notice.body}</p>
        </div>
      ) : (
        <div className="mt-1.5 flex min-w-0 items-center gap-2">
          <CollectionImage src={item.img} name={item.c_name} className="size-8 shrink-0 text-[10px]" />
          <div className="min-w-0 flex-1 leading-tight">
            <div className="flex min-w-0 items-center gap-1.5">
              {item.c_address ? (
                <Link to={`/collection/${item.c_address}`} className="min-w-0 truncate font-semibold hover:text-accent">
                  {collection}
                </Link>
              ) : null}
              {item.token_id !== null && (
                <span className="shrink-0 font-mono text-muted">{t('live.token', { id: item.token_id })}</span>
              )}
            </div>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 text-[12px]">
              <Price item={item} />
              {item.type === NOTIFICATION_TYPE.sold && (
                <span className="flex items-center gap-1">
                  <span className="text-faint">{t('live.profit')}</span>
                  <Profit item={item} />
                </span>
              )}
            </div>
          </div>
        </div>
      )}
      <button
        type="button"
        className="icon-button absolute right-0.5 top-0.5 size-7"
        aria-label={t('live.dismiss')}
        onClick={() => notificationStore.getState().remove([item.id])}
      >
        <X size={14} aria-hidden />
      </button>
    </li>
  );
}

/**
 * The notification area: the latest wallet events (at most five, none over an hour old, newest first) over the
 * page's bottom-right corner. Several collapse into one stacked card that expands on click; each can be dismissed,
 * or all at once. Hidden when empty.
 */
export function NotificationArea() {
  const { t } = useTranslation();
  const items = useNotificationArea((state) => state.items);
  const expanded = useNotificationArea((state) => state.expanded);
  const now = useTickingNow();
  if (items.length === 0) return null;
  const [newest] = items as [NotificationItem, ...NotificationItem[]];
  const stacked = items.length > 1 && !expanded;
  return (
    <section
      aria-label={t('live.area')}
      data-testid="notification-area"
      className="fixed right-3 bottom-16 left-3 z-30 flex flex-col items-stretch gap-1.5 sm:left-auto sm:w-[340px]"
    >
      <div className="flex items-center justify-end gap-1 text-[12px]">
        {items.length > 1 && expanded && (
          <button
            type="button"
            className="button-secondary h-6 bg-panel px-2"
            onClick={() => notificationStore.getState().setExpanded(false)}
          >
            <ChevronDown size={12} aria-hidden />
            {t('live.collapse')}
          </button>
        )}
        <button
          type="button"
          className="button-secondary h-6 bg-panel px-2"
          onClick={() => notificationStore.getState().dismissAll()}
        >
          {t('live.dismiss_all')}
        </button>
      </div>
      {stacked ? (
        <div className="relative pb-3">
          {/* The edges of the cards behind the newest, as a stack. */}
          <div className="absolute inset-x-4 bottom-0 h-6 rounded-md border border-faint/40 bg-raised" aria-hidden />
          <div className="absolute inset-x-2 bottom-1.5 h-6 rounded-md border border-faint/50 bg-raised" aria-hidden />
          <ul className="relative">
            <NotificationCard item={newest} now={now} />
          </ul>
          <button
            type="button"
            data-testid="notification-expand"
            className="absolute inset-0 z-[1] cursor-pointer rounded-md"
            aria-label={t('live.stacked', { count: items.length })}
            onClick={() => notificationStore.getState().setExpanded(true)}
          />
          <span className="absolute -top-1.5 left-2 z-[2] flex items-center gap-1 rounded-full bg-accent px-1.5 text-[11px] font-semibold text-accent-fg">
            <Bell size={10} aria-hidden />
            {items.length}
          </span>
        </div>
      ) : (
        <ul className={clsx('flex max-h-[70vh] flex-col gap-1.5 overflow-y-auto')}>
          {items.map((item) => (
            <NotificationCard key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
