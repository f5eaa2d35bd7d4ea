import type { CollectionRow } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CollectionImage } from '../../../components/ui/collection-image';
import { collectionPath, useOnTrendingPage } from '../../../lib/collection-path';
import { formatEth, shortAddress } from '../../../lib/format';
import { useUnfollow } from '../api/follow';

/** Collection, trades and floor; the remove button sits outside the grid, so headers and rows share it. */
export const WATCHLIST_COLUMNS = 'grid grid-cols-[minmax(0,1fr)_3.5rem_4.75rem] items-center gap-2';

/** A followed collection: links to its page; hovering or focusing the row reveals its remove button. */
export function WatchlistRow({ row, onOpen }: { row: CollectionRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const showTrending = useOnTrendingPage();
  const unfollow = useUnfollow();
  const name = row.name ?? shortAddress(row.address);

  return (
    <li
      className={clsx('group flex items-center gap-1 rounded pr-1 hover:bg-raised', unfollow.isPending && 'opacity-50')}
    >
      <Link
        to={collectionPath(row.address, showTrending)}
        onClick={onOpen}
        className={clsx(WATCHLIST_COLUMNS, 'min-w-0 flex-1 rounded px-2 py-1.5')}
      >
        <span className="flex min-w-0 items-center gap-2">
          <CollectionImage src={row.img} name={row.name} className="size-7 text-[12px]" />
          <span className="truncate text-fg">{name}</span>
        </span>
        <span className="text-right text-muted">{row.all_count}</span>
        <span className="text-right font-mono">{row.floor_value === null ? '—' : formatEth(row.floor_value)}</span>
      </Link>
      <button
        type="button"
        aria-label={t('watchlist.remove_named', { name })}
        aria-disabled={unfollow.isPending}
        onClick={() => {
          if (!unfollow.isPending) unfollow.mutate(row.address);
        }}
        className="icon-button size-6 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <X size={12} />
      </button>
    </li>
  );
}
