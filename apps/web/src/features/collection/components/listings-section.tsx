import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Info, TriangleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEth } from '../../../lib/format';
import { useWallets } from '../../../lib/api/wallets';
import { useSellEntryTexts } from '../../../lib/sell-entry-texts';
import { useMarketplaces } from '../../../stores/marketplace-store';
import { BuyListing } from '../../../components/slots';
import { type Listing, useCollectionListings } from '../../../lib/api/collection-listings';
import { formatCount } from '../../../lib/format';
import {
  DEFAULT_LISTING_SORT,
  type ListedToken,
  type ListingSort,
  type ListingSortKey,
  listedTokens,
  sortTokens,
  visibleListings,
} from '../listings';
import { useNow } from '../../../lib/use-now';
import { Age } from '../../../components/ui/age';
import { Hint } from '../../../components/ui/hint';
import { RankBadge } from '../../../components/ui/rank-badge';
import { EmptyState, SectionPanel } from '../../../components/ui/section-panel';
import { Awaiting } from './awaiting';
import { TokenCell } from '../../../components/ui/token-cell';

const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 28;
const rowHeight = () => ROW_HEIGHT;
/**
 * Token, price, marketplace, rank, pending, flagged, age, buy: each column as wide as its widest content in either
 * language, the token taking what is left. In a box narrower than that (a phone, the compact layout) the table
 * scrolls sideways and Buy comes first, so that it is in view without covering another column.
 */
const COLUMNS = clsx(
  'grid items-center gap-x-1.5 px-3',
  'grid-cols-[3rem_minmax(5.5rem,1fr)_6.5rem_6.5rem_7.5rem_3.5rem_2.5rem_3rem]',
  '@min-[43rem]:grid-cols-[minmax(5.5rem,1fr)_6.5rem_6.5rem_7.5rem_3.5rem_2.5rem_3rem_3rem]',
);
const BUY_COLUMN = 'order-first @min-[43rem]:order-none';

type ListingsSectionProps = { address: string; className?: string };

/** Every active listing of the marketplaces the user shows, polled every few seconds. */
export function ListingsSection({ address, className }: ListingsSectionProps) {
  const { t } = useTranslation();
  const { data, isError } = useCollectionListings(address);
  const enabled = useMarketplaces((state) => state.enabled);
  const { shown, hidden } = useMemo(() => visibleListings(data?.list ?? [], enabled), [data, enabled]);
  const tokens = useMemo(() => listedTokens(shown), [shown]);
  const wallets = useWallets().data?.list;
  // The trader's own wallets, to mark their listings: addresses compare lowercase.
  const ownWallets = useMemo(() => new Set(wallets?.map((item) => item.address.toLowerCase())), [wallets]);

  return (
    <SectionPanel
      title={t('collection.section.listings')}
      className={className}
      aside={
        data && (
          <p className="flex flex-wrap gap-x-2 text-[11px]">
            <span className="text-muted" data-testid="listings-count">
              {formatCount(tokens.length)}
            </span>
            {hidden > 0 && (
              <span className="text-warn">{t('collection.listings.hidden', { hidden: formatCount(hidden) })}</span>
            )}
          </p>
        )
      }
    >
      {data ? (
        <BuyListing collection={address}>
          {(buy) => <ListingsTable tokens={tokens} anyHidden={hidden > 0} onBuy={buy} ownWallets={ownWallets} />}
        </BuyListing>
      ) : (
        <Awaiting failed={isError} />
      )}
    </SectionPanel>
  );
}

type ListingsTableProps = {
  /** One row each (listedTokens). */
  tokens: readonly ListedToken[];
  /** Whether the marketplace switches hide some, to explain an empty table. */
  anyHidden?: boolean;
  /** Buys one listing; without it the table offers no Buy. */
  onBuy?: (listing: Listing) => void;
  /** The trader's own wallets, lowercase: their listings are marked "Yours". */
  ownWallets?: ReadonlySet<string>;
};

const NO_WALLETS: ReadonlySet<string> = new Set();

/**
 * The listed tokens, each at its cheapest listing, sortable by price and rank, rendering only the rows in view so
 * thousands stay fast.
 */
export function ListingsTable({ tokens, anyHidden = false, onBuy, ownWallets = NO_WALLETS }: ListingsTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<ListingSort>(DEFAULT_LISTING_SORT);
  const rows = useMemo(() => sortTokens(tokens, sort), [tokens, sort]);
  const now = useNow(1000);
  const scrollRef = useRef<HTMLDivElement>(null);
  // oxlint-disable-next-line react/incompatible-library -- no React Compiler here; nothing memoizes the virtualizer
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    overscan: 8,
    // The sticky header sits above the first row inside the same scroll box.
    scrollMargin: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]!.listing.token_id,
  });

  function sortBy(key: ListingSortKey) {
    setSort((current) => ({ key, descending: current.key === key && !current.descending }));
  }

  if (rows.length === 0) {
    return <EmptyState>{t(anyHidden ? 'collection.listings.all_hidden' : 'collection.listings.empty')}</EmptyState>;
  }

  const headerCell = 'flex min-w-0 items-center gap-1 truncate font-medium';
  // A table laid out as CSS grid rows, so that rows can be placed absolutely at their virtual offset.
  return (
    <div ref={scrollRef} className="@container min-h-0 flex-1 overflow-auto">
      <table
        aria-label={t('collection.section.listings')}
        aria-rowcount={rows.length + 1}
        className="grid min-w-[43rem]"
      >
        <thead className="sticky top-0 z-10 grid border-b border-line bg-panel text-[11px] text-faint">
          <tr aria-rowindex={1} className={COLUMNS} style={{ height: HEADER_HEIGHT }}>
            <th className={headerCell}>{t('collection.listings.token')}</th>
            <SortHeader
              sortKey="price"
              label={t('collection.listings.price')}
              sort={sort}
              onSort={sortBy}
              className="justify-end"
              after={
                <Hint text={t('collection.listings.price_hint')}>
                  <button type="button" aria-label={t('collection.listings.price_hint')} className="hover:text-fg">
                    <Info size={12} aria-hidden />
                  </button>
                </Hint>
              }
            />
            <th className={headerCell}>{t('collection.listings.marketplace')}</th>
            <SortHeader sortKey="rank" label={t('collection.listings.rank')} sort={sort} onSort={sortBy} />
            <th className={clsx(headerCell, 'justify-end')} title={t('collection.listings.pending_hint')}>
              {t('collection.listings.pending')}
            </th>
            <th className={clsx(headerCell, 'justify-center')}>{t('collection.listings.flagged')}</th>
            <th className={clsx(headerCell, 'justify-end')}>{t('collection.listings.age')}</th>
            <th className={clsx(headerCell, BUY_COLUMN)}>
              <span className="sr-only">{t('sweep.buy')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <ListingLine
              key={item.key}
              token={rows[item.index]!}
              rowIndex={item.index + 2}
              top={item.start - HEADER_HEIGHT}
              now={now}
              onBuy={onBuy}
              own={ownWallets.has(rows[item.index]!.listing.from_address.toLowerCase())}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SortHeaderProps = {
  sortKey: ListingSortKey;
  label: string;
  sort: ListingSort;
  onSort: (key: ListingSortKey) => void;
  /** Beside the sort button, outside it: a hint. */
  after?: ReactNode;
  className?: string;
};

function SortHeader({ sortKey, label, sort, onSort, after, className }: SortHeaderProps) {
  const { t } = useTranslation();
  const active = sort.key === sortKey;
  let direction: 'ascending' | 'descending' | 'none' = 'none';
  if (active) direction = sort.descending ? 'descending' : 'ascending';
  const Arrow = sort.descending ? ArrowDown : ArrowUp;
  return (
    <th aria-sort={direction} className={clsx('flex min-w-0 items-center gap-1 font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        title={t('collection.listings.sort')}
        className={clsx('flex min-w-0 items-center gap-0.5 whitespace-nowrap hover:text-fg', active && 'text-fg')}
      >
        {active && <Arrow size={11} aria-hidden />}
        {label}
      </button>
      {after}
    </th>
  );
}

type ListingLineProps = {
  token: ListedToken;
  rowIndex: number;
  top: number;
  now: number;
  onBuy: ((listing: Listing) => void) | undefined;
  /** Listed by one of the trader's own wallets. */
  own: boolean;
};

function ListingLine({ token: { listing, others }, rowIndex, top, now, onBuy, own }: ListingLineProps) {
  const { t } = useTranslation();
  const { t: sellText } = useSellEntryTexts();
  return (
    <tr
      aria-rowindex={rowIndex}
      className={clsx(COLUMNS, 'absolute inset-x-0 top-0 border-b border-line/50 bg-panel hover:bg-raised')}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <td className="flex min-w-0 items-center gap-1.5">
        <TokenCell img={listing.img} tokenId={listing.token_id} />
        {own && (
          <span
            data-testid="listing-yours"
            title={sellText('sell_entry.yours_hint')}
            className="rounded-sm bg-accent/15 px-1 text-[10px] leading-4 font-semibold text-accent"
          >
            {sellText('sell_entry.yours')}
          </span>
        )}
      </td>
      <td className="truncate text-right font-mono text-fg">{formatEth(listing.price)}</td>
      <td className="flex items-center gap-1 whitespace-nowrap text-muted">
        {t(`market.marketplace.${listing.marketplace}`)}
        {others.length > 0 && <OtherListings others={others} />}
      </td>
      <td className="min-w-0">
        <RankBadge rank={listing.rank} tier={listing.tier} />
      </td>
      <td className="text-right font-mono">
        {listing.pending_count > 0 ? (
          <span className="rounded-sm bg-warn/15 px-1 font-semibold text-warn">{listing.pending_count}</span>
        ) : (
          <span className="text-faint">0</span>
        )}
      </td>
      <td className="flex justify-center">
        {listing.flagged && (
          <Hint text={t('collection.listings.flagged_hint')}>
            <button type="button" aria-label={t('collection.listings.flagged_hint')} className="text-danger">
              <TriangleAlert size={14} aria-hidden />
            </button>
          </Hint>
        )}
      </td>
      <td className="text-right text-faint">
        <Age at={listing.listed_at} now={now} />
      </td>
      <td className={clsx('flex h-full items-center justify-end', BUY_COLUMN)}>
        {/* A trader's own listing is never bought: the sweep leaves their wallets out, so it offers no Buy. */}
        {onBuy && !own && (
          <button
            type="button"
            data-testid="listing-buy"
            aria-label={t('sweep.buy_token', { token: listing.token_id })}
            onClick={() => onBuy(listing)}
            className="h-6 rounded border border-accent/50 px-2 text-[11px] font-semibold text-accent hover:bg-accent/10"
          >
            {t('sweep.buy')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** "+N": the token's other listings, their prices and marketplaces on hover and focus. */
function OtherListings({ others }: { others: readonly Listing[] }) {
  const { t } = useTranslation();
  const lines = others.map((other) =>
    t('collection.listings.other', {
      price: formatEth(other.price),
      marketplace: t(`market.marketplace.${other.marketplace}`),
    }),
  );
  const text = [t('collection.listings.others', { count: others.length }), ...lines].join('\n');
  return (
    <Hint text={text}>
      <button
        type="button"
        aria-label={text}
        data-testid="listing-others"
        className="rounded-sm bg-raised px-1 font-mono text-[10px] leading-4 font-semibold text-muted hover:text-fg"
      >
        +{others.length}
      </button>
    </Hint>
  );
}
