import type { AlertDetail } from '@floordesk/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionImage } from '../../../components/ui/collection-image';
import { formatDate } from '../../../lib/dates';
import { shortAddress } from '../../../lib/format';

/** What an alert watches, in one line of the list: the collection (or wallets, or time) and what makes it fire. */
export function AlertWatch({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation();
  let image: ReactNode = null;
  let subject: string;
  let trigger: string;
  switch (alert.type) {
    case 101:
    case 102:
    case 103:
      subject = alert.watchlist_only ? t('alerts.watch.watchlist') : t('alerts.watch.any_collection');
      trigger = t(`alerts.watch.trend.${alert.type}`, { threshold: alert.threshold, interval: alert.interval });
      break;
    case 201:
    case 202:
      subject = alert.qb_address2.map((wallet) => wallet.nickname || shortAddress(wallet.address)).join(', ');
      trigger = t(`alerts.watch.wallet.${alert.type}`);
      break;
    case 301:
    case 302:
    case 303:
      image = <CollectionImage src={alert.coll_img} name={alert.coll_name} className="size-4 text-[9px]" />;
      subject = alert.coll_name ?? shortAddress(alert.address);
      trigger =
        alert.type === 301
          ? t('alerts.watch.floor', { prices: alert.price_list.join(t('alerts.watch.or')) })
          : alert.type === 302
            ? t('alerts.watch.trend.302', { threshold: alert.threshold, interval: alert.interval })
            : t('alerts.watch.whale', {
                owned: alert.owned_count,
                listed: alert.listing_count,
                interval: alert.interval,
              });
      break;
    case 401:
      subject = formatDate(alert.custom_time_value, 'YYYY-MM-DD HH:mm');
      trigger = t('alerts.watch.custom', { lead: alert.lead_minutes });
      break;
  }
  return (
    <div className="mt-0.5 flex min-w-0 items-center gap-1.5 text-[12px] text-muted">
      {image}
      <span className="min-w-0 truncate" data-testid="alert-watch" title={`${subject} · ${trigger}`}>
        <span className="text-fg">{subject}</span> · {trigger}
      </span>
    </div>
  );
}
