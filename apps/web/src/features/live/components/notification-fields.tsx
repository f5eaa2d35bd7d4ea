import {
  NOTIFICATION_TYPE,
  type NotificationItem,
  PROFIT_DECIMALS,
  type CollectionNewsKind,
  COLLECTION_NEWS_KINDS,
} from '@floordesk/protocol';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatEth, NO_VALUE, shortAddress } from '../../../lib/format';

/** The wallet the event happened on: its ENS name, else its short address. */
export function walletLabel(item: NotificationItem): string | null {
  if (!item.qb_address) return null;
  return item.ens ?? shortAddress(item.qb_address);
}

export function collectionLabel(item: NotificationItem): string | null {
  if (!item.c_address) return null;
  return item.c_name ?? shortAddress(item.c_address);
}

export function TypeLabel({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const tone =
    item.type === NOTIFICATION_TYPE.sold || item.type === NOTIFICATION_TYPE.bought
      ? 'text-accent'
      : item.type >= NOTIFICATION_TYPE.announcement
        ? 'text-warn'
        : 'text-fg';
  return <span className={clsx('font-semibold', tone)}>{t(`live.type.${item.type}`)}</span>;
}

/** Profit in ETH to 6 decimals, signed and coloured; "cost unknown" when the server could not price the cost. */
export function Profit({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  if (item.type !== NOTIFICATION_TYPE.sold) return null;
  if (item.profit === null) return <span className="text-faint">{t('live.cost_unknown')}</span>;
  const wei = BigInt(item.profit);
  const text = `${wei > 0n ? '+' : ''}${formatEth(wei, PROFIT_DECIMALS)} ETH`;
  return (
    <span
      data-testid="notification-profit"
      className={clsx('font-mono tabular-nums', wei > 0n && 'text-accent', wei < 0n && 'text-danger')}
    >
      {text}
    </span>
  );
}

export function Price({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  if (item.price === null) return <span className="text-faint">{NO_VALUE}</span>;
  return <span className="font-mono tabular-nums">{t('live.price', { amount: formatEth(item.price) })}</span>;
}

/** What a general notice says: the operator's own words, or collection news worded in the reader's language. */
export function noticeText(item: NotificationItem, t: TFunction) {
  if (item.type === NOTIFICATION_TYPE.collectionNews) {
    const kind = COLLECTION_NEWS_KINDS.includes(item.des as CollectionNewsKind) ? item.des : null;
    return {
      title: t(`live.type.${item.type}`),
      body: kind ? t(`live.news.${kind as CollectionNewsKind}`, { name: collectionLabel(item) ?? NO_VALUE }) : NO_VALUE,
    };
  }
  return { title: item.title ?? t(`live.type.${item.type}`), body: item.des ?? '' };
}
