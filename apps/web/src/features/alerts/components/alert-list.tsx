import type { AlertDetail, AlertListItem } from '@floordesk/protocol';
import { LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDate } from '../../../lib/dates';
import { shownTitle } from '../alert-draft';
import { successText, useAlertList, useDeleteAlert, useFetchAlertDetail } from '../api';
import { AlertWatch } from './alert-watch';
import { Loading, LoadFailed } from '../../../components/ui/load-state';

type AlertListProps = {
  /** An alert's detail arrived: its form opens. */
  onOpen: (detail: AlertDetail) => void;
  /** Deleted: the server's words for it. */
  onDeleted: (message: string) => void;
};

/** The user's alerts: a count, then one row each; a title opens the alert's form, the cross deletes it. */
export function AlertList({ onOpen, onDeleted }: AlertListProps) {
  const { t } = useTranslation();
  const list = useAlertList();
  const fetchDetail = useFetchAlertDetail();
  const remove = useDeleteAlert();
  const [opening, setOpening] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AlertListItem | null>(null);

  const open = (item: AlertListItem) => {
    if (opening !== null) return;
    setOpening(item.id);
    // A failed load was already shown by the API client; the row only stops waiting.
    fetchDetail(item.id)
      .then(onOpen, () => undefined)
      .finally(() => setOpening(null));
  };

  return (
    <section aria-labelledby="alert-list-heading" className="flex min-h-full flex-col">
      <header className="flex items-baseline justify-between gap-3 border-b border-line pb-2">
        <h3 id="alert-list-heading" className="text-[14px] font-semibold text-fg">
          {t('alerts.menu.list')}
        </h3>
        {list.data && (
          <span className="text-[12px] text-faint" data-testid="alert-count">
            {t('alerts.list.count', { count: list.data.list.length, limit: list.data.limit })}
          </span>
        )}
      </header>

      {list.isError ? (
        <LoadFailed
          className="mt-6"
          message={t('alerts.list.error')}
          retry={t('alerts.list.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <Loading className="mt-6 justify-center" />
      ) : list.data.list.length === 0 ? (
        <p className="mt-6 text-center text-muted">{t('alerts.list.empty')}</p>
      ) : (
        <ul className="divide-y divide-line/60" aria-label={t('alerts.menu.list')} data-testid="alert-list">
          {list.data.list.map((item) => (
            <li
              key={item.id}
              data-testid="alert-row"
              data-alert-id={item.id}
              className="flex min-h-12 items-center gap-2 py-1.5"
            >
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  title={item.title}
                  onClick={() => open(item)}
                  aria-busy={opening === item.id}
                  className="flex max-w-full items-center gap-1.5 text-left font-semibold text-fg hover:text-accent"
                  data-testid="alert-title"
                >
                  <span className="min-w-0 truncate">{shownTitle(item.title)}</span>
                  {opening === item.id && <LoaderCircle size={12} className="shrink-0 animate-spin" aria-hidden />}
                </button>
                <AlertWatch alert={item} />
                <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-faint">
                  <span className="rounded-sm bg-raised px-1 font-semibold text-muted" data-testid="alert-family">
                    {item.txt}
                  </span>
                  <span>{t(`alerts.type.${item.type}`)}</span>
                  {!item.enabled && (
                    <span className="rounded-sm border border-line px-1 font-semibold text-muted uppercase">
                      {t('alerts.list.off')}
                    </span>
                  )}
                  <time
                    dateTime={new Date(item.create_time * 1000).toISOString()}
                    className="font-mono"
                    data-testid="alert-time"
                  >
                    {formatDate(item.create_time)}
                  </time>
                </div>
              </div>
              <button
                type="button"
                className="icon-button size-7 hover:text-danger"
                aria-label={t('alerts.list.delete')}
                title={t('alerts.list.delete')}
                onClick={() => setDeleting(item)}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('alerts.list.delete_title')}
        description={t('alerts.list.delete_body', { title: shownTitle(deleting?.title ?? '') })}
        ok={t('alerts.list.ok')}
        cancel={t('alerts.list.cancel')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ msg }) => onDeleted(successText(msg, t('alerts.list.deleted'))),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </section>
  );
}
