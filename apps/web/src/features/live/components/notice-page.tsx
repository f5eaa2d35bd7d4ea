import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_TYPE,
  type NotificationItem,
} from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BetaTag } from '../../../components/ui/beta-tag';
import { CollectionImage } from '../../../components/ui/collection-image';
import { PageFrame } from '../../../components/ui/page-frame';
import { formatDate } from '../../../lib/dates';
import { NO_VALUE } from '../../../lib/format';
import { useNotificationHistory } from '../api/live';
import { useNotificationArea, notificationStore } from '../notification-store';
import { collectionLabel, noticeText, Price, Profit, TypeLabel, walletLabel } from './notification-fields';
import { Loading, LoadFailed } from '../../../components/ui/load-state';

type Filter = 'all' | (typeof NOTIFICATION_TYPES)[number];
const FILTERS: readonly Filter[] = ['all', ...NOTIFICATION_TYPES];

function What({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  if (item.type >= NOTIFICATION_TYPE.announcement) {
    const notice = noticeText(item, t);
    return (
      <span className="min-w-0">
        <span className="font-semibold">{notice.title}</span> <span className="text-muted">{notice.body}</span>
      </span>
    );
  }
  return (
    <span className="flex min-w-0 items-center gap-2">
      <CollectionImage src={item.img} name={item.c_name} className="size-5 shrink-0 text-[10px]" />
      {item.c_address ? (
        <Link to={`/collection/${item.c_address}`} className="min-w-0 truncate hover:text-accent">
          {collectionLabel(item)}
        </Link>
      ) : (
        NO_VALUE
      )}
      {item.token_id !== null && (
        <span className="shrink-0 font-mono text-muted">{t('live.token', { id: item.token_id })}</span>
      )}
    </span>
  );
}

/** /notice (BETA): the user's notification history, newest first, a page at a time, of one type or all. */
export default function NoticePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const feeds = useNotificationArea((state) => state.feeds);
  const { data, isPending, isError, refetch, isPlaceholderData } = useNotificationHistory(
    page,
    filter === 'all' ? undefined : filter,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <PageFrame title={t('route.notice.title')} description={t('route.notice.description')} tag={<BetaTag />}>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-muted">
          {t('notice.filter')}
          <select
            value={filter}
            onChange={(event) => choose(event.target.value === 'all' ? 'all' : (Number(event.target.value) as Filter))}
            className="h-7 rounded-md border border-line bg-panel px-2 text-fg"
          >
            {FILTERS.map((option) => (
              <option key={option} value={option}>
                {option === 'all' ? t('notice.all') : t(`live.type.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-muted" title={t('live.feeds_hint')}>
          <input
            type="checkbox"
            checked={feeds}
            onChange={(event) => notificationStore.getState().setFeeds(event.target.checked)}
            className="accent-[var(--accent)]"
          />
          {t('live.feeds')}
        </label>
        {data && <span className="ml-auto text-faint">{t('notice.total', { count: data.total })}</span>}
      </div>

      {isError ? (
        <LoadFailed
          className="mt-6"
          message={t('notice.error')}
          retry={t('notice.retry')}
          onRetry={() => void refetch()}
        />
      ) : isPending ? (
        <Loading className="mt-6 justify-center" />
      ) : data.list.length === 0 ? (
        <p className="mt-6 text-center text-muted">{t('notice.empty')}</p>
      ) : (
        <div className={clsx('mt-3', isPlaceholderData && 'opacity-60')} aria-busy={isPlaceholderData}>
          <table className="w-full table-fixed text-left" data-testid="notice-table">
            <thead className="hidden text-[11px] text-faint md:table-header-group">
              <tr className="h-7">
                <th className="w-28 font-normal">{t('notice.col.type')}</th>
                <th className="w-36 font-normal">{t('notice.col.wallet')}</th>
                <th className="font-normal">{t('notice.col.collection')}</th>
                <th className="w-32 text-right font-normal">{t('notice.col.price')}</th>
                <th className="w-36 text-right font-normal">{t('notice.col.profit')}</th>
                <th className="w-40 text-right font-normal">{t('notice.col.time')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line/60">
              {data.list.map((item) => (
                <tr
                  key={item.id}
                  data-testid="notice-row"
                  data-type={item.type}
                  data-token-id={item.token_id ?? undefined}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-2 hover:bg-raised md:table-row md:h-8 md:py-0"
                >
                  <td>
                    <TypeLabel item={item} />
                  </td>
                  <td className="text-right font-mono text-muted md:text-left">{walletLabel(item) ?? ''}</td>
                  <td className="col-span-2 min-w-0 md:max-w-0">
                    <What item={item} />
                  </td>
                  <td className="md:text-right">
                    <Price item={item} />
                  </td>
                  <td className="text-right">
                    <Profit item={item} />
                  </td>
                  <td className="col-span-2 text-faint md:text-right">{formatDate(item.create_time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="mt-3 flex items-center justify-center gap-3" aria-label={t('notice.page', { page, pages })}>
            <button
              type="button"
              className="button-secondary"
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
            >
              {t('notice.previous')}
            </button>
            <span className="text-muted">{t('notice.page', { page, pages })}</span>
            <button
              type="button"
              className="button-secondary"
              disabled={page >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              {t('notice.next')}
            </button>
          </nav>
        </div>
      )}
    </PageFrame>
  );
}
