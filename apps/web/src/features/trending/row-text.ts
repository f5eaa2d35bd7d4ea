import type { CollectionRow } from '@floordesk/protocol';
import type { TFunction } from 'i18next';
import { formatCount } from '../../lib/format';

// Grouped the same way in both languages: Chinese writes 1,000 too.
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The count with listing rate: "2.3% listed · 1,000 items", only "1,000 items" while the rate is unknown,
 * and the listings alone while the supply is unknown too.
 */
export function listingText(row: Pick<CollectionRow, 'count' | 'listed' | 'listing_rate'>, t: TFunction): string {
  if (row.count === null) return t('trending.listed', { listed: formatCount(row.listed) });
  const items = t('trending.items', { count: row.count, items: formatCount(row.count) });
  return row.listing_rate === null
    ? items
    : t('trending.listed_items', { rate: percent.format(row.listing_rate), items });
}
