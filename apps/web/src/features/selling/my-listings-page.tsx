import {
  COST_DECIMALS,
  type MyListing,
  MY_LISTINGS_ENDED_DAYS,
  SELL_MARKETPLACES,
  type SellMarketplace,
  Status,
} from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFigure, CardRow } from '../../components/ui/card-table';
import { PageFrame } from '../../components/ui/page-frame';
import { PremiumQuery } from '../../components/ui/premium-message';
import { Profit } from '../../components/ui/profit';
import { TokenLink } from '../../components/ui/token-link';
import { WalletFilter } from '../../components/ui/wallet-filter';
import { useWalletName } from '../../lib/api/wallets';
import { formatDate } from '../../lib/dates';
import { formatEth, shortAddress } from '../../lib/format';
import { openSellDialog } from '../../stores/sell-dialog-store';
import { useCancelListings } from './cancel-flow';
import { type CancelIntent, CancelDialog } from './my-listings-cancel-dialog';
import { CANCEL_INDEX_WAIT_MS, useMyListings, useRefreshOnListingNotices } from './my-listings-api';
import { formatFloorPosition, isLive } from './my-listings-format';
import { useMyListingsTexts } from './my-listings-texts';
import { TimeLeft } from './my-listings-time-left';

const NONE: ReadonlySet<string> = new Set();
const DATE = 'MM-DD HH:mm';

/** The refusals the page answers with the premium message and a way to the plans. */
const PREMIUM_REFUSALS = new Set<number>([Status.SellPremiumRequired, Status.TrialEnded]);

const price = (wei: string) => formatEth(wei, COST_DECIMALS);

const isSellMarketplace = (marketplace: string): marketplace is SellMarketplace =>
  (SELL_MARKETPLACES as readonly string[]).includes(marketplace);

/** Picture, name and #id, linking to the collection. */
function TokenLabel({ item }: { item: MyListing }) {
  const name = item.token_name ?? item.collection_name ?? shortAddress(item.collection);
  return (
    <TokenLink
      collection={item.collection}
      collectionName={item.collection_name}
      imageUrl={item.image_url}
      tokenId={item.token_id}
      name={name}
      nameTitle={name}
    />
  );
}

function StateLabel({
  item,
  byHash,
  cancelling,
}: {
  item: MyListing;
  byHash: Map<string, MyListing>;
  cancelling: boolean;
}) {
  const { t } = useMyListingsTexts();
  if (cancelling) return <span className="text-muted">{t('my_listings.state.cancelling')}</span>;
  switch (item.state) {
    case 'active':
      return <span className="text-accent">{t('my_listings.state.active')}</span>;
    case 'superseded': {
      const cheaper = item.superseded_by === null ? undefined : byHash.get(item.superseded_by);
      const by = cheaper ? price(cheaper.price_wei) : shortAddress(item.superseded_by ?? '');
      return (
        <span className="text-warn" title={t('my_listings.state.superseded_hint')}>
          {t('my_listings.state.superseded', { by })}
        </span>
      );
    }
    case 'sold':
      return (
        <span className="flex flex-wrap items-baseline gap-x-1.5">
          <span>{t('my_listings.state.sold')}</span>
          {item.profit_wei !== null && <Profit wei={item.profit_wei} />}
        </span>
      );
    default:
      return (
        <span title={item.state === 'ended' ? t('my_listings.state.ended_hint') : undefined}>
          {t(`my_listings.state.${item.state}`)}
          {item.ended_at !== null && (
            <span className="ml-1.5 text-[11px]">{formatDate(Math.floor(item.ended_at / 1000), DATE)}</span>
          )}
        </span>
      );
  }
}

const SMALL_BUTTON = 'button-secondary h-6 px-2 text-[11px]';

type RowProps = {
  item: MyListing;
  byHash: Map<string, MyListing>;
  walletLabel: string | null;
  cancellable: boolean;
  cancelling: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onCancel: () => void;
};

function ListingRow({ item, byHash, walletLabel, cancellable, cancelling, selected, onSelect, onCancel }: RowProps) {
  const { t } = useMyListingsTexts();
  const { t: appText } = useTranslation();
  const live = isLive(item);
  const marketplace = appText(`market.marketplace.${item.marketplace}`);
  return (
    <CardRow
      data-testid="my-listing-row"
      data-state={item.state}
      data-hash={item.order_hash}
      className={clsx(!live && 'text-faint')}
    >
      <td className="col-span-2 min-w-0 md:max-w-72">
        <span className="flex min-w-0 items-center gap-2">
          <input
            type="checkbox"
            checked={selected}
            disabled={!cancellable}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={t('my_listings.select', { token: `#${item.token_id}` })}
            className={clsx('size-3.5 shrink-0 cursor-pointer accent-[var(--accent)]', !live && 'invisible')}
          />
          <TokenLabel item={item} />
        </span>
      </td>
      <CardFigure label={t('my_listings.col.marketplace')} className="md:text-left!">
        <span className="flex flex-col items-end md:items-start">
          <span>{marketplace}</span>
          {walletLabel !== null && <span className="font-mono text-[11px] text-faint">{walletLabel}</span>}
        </span>
      </CardFigure>
      <CardFigure label={t('my_listings.col.price')}>
        <span data-testid="my-listing-price" className="font-mono">
          {price(item.price_wei)}
        </span>
      </CardFigure>
      <CardFigure label={t('my_listings.col.floor')}>
        {live ? (
          <span className="flex items-baseline justify-end gap-1.5">
            {item.undercut && (
              <span
                data-testid="undercut-badge"
                title={t('my_listings.position.undercut_hint')}
                className="rounded-sm bg-danger/15 px-1 text-[10px] leading-4 font-semibold text-danger"
              >
                {t('my_listings.position.undercut')}
              </span>
            )}
            <span data-testid="my-listing-position" className="font-mono whitespace-nowrap">
              {formatFloorPosition(item.price_wei, item.floor_wei, t)}
            </span>
          </span>
        ) : (
          <span>—</span>
        )}
      </CardFigure>
      <CardFigure label={t('my_listings.col.left')}>
        {live ? <TimeLeft expiresAt={item.expires_at} /> : <span>—</span>}
      </CardFigure>
      <td data-testid="my-listing-state" className="col-span-2 md:col-span-1 md:pl-4">
        <StateLabel item={item} byHash={byHash} cancelling={cancelling} />
      </td>
      <td className="col-span-2 flex justify-end gap-1.5 md:table-cell md:text-right">
        {cancellable && (
          <span className="inline-flex gap-1.5">
            <button type="button" className={SMALL_BUTTON} onClick={onCancel}>
              {t('my_listings.actions.cancel')}
            </button>
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={() =>
                openSellDialog([{ collection: item.collection, token_id: item.token_id }], {
                  order_hash: item.order_hash,
                  marketplace: item.marketplace,
                  price_wei: item.price_wei,
                })
              }
            >
              {t('my_listings.actions.reprice')}
            </button>
          </span>
        )}
      </td>
    </CardRow>
  );
}

function Empty() {
  const { t } = useMyListingsTexts();
  return (
    <div data-testid="my-listings-empty" className="mt-2 flex flex-col items-start gap-1">
      <p className="text-muted">{t('my_listings.empty', { days: MY_LISTINGS_ENDED_DAYS })}</p>
      <p className="text-[12px] text-faint">
        {t('my_listings.empty_hint')}{' '}
        <Link to="/protfolio" className="text-accent hover:underline">
          {t('my_listings.to_portfolio')}
        </Link>
      </p>
    </div>
  );
}

/**
 * /listings: the trader's listings across their own wallets against the floor, live, with what ended lately
 * greyed below; cancel some, all of a wallet on a marketplace, or reprice one. Premium only (the server refuses
 * others, and the page says why).
 */
export default function MyListingsPage() {
  const { t } = useMyListingsTexts();
  const { t: appText } = useTranslation();
  /** The wallet the page shows, or null for all of them. */
  const [wallet, setWallet] = useState<string | null>(null);
  /** Listings whose cancellation is mined but which the order book may not have ended yet. */
  const [awaited, setAwaited] = useState<ReadonlySet<string>>(NONE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);
  const [intent, setIntent] = useState<CancelIntent | null>(null);
  const listings = useMyListings(wallet, awaited);
  useRefreshOnListingNotices();
  const cancel = useCancelListings();

  useEffect(() => {
    if (awaited.size === 0) return;
    const timer = setTimeout(() => setAwaited(NONE), CANCEL_INDEX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaited]);

  const several = (listings.data?.wallets.length ?? 0) > 1;
  // Named in the rows when there are several wallets, and always beside cancel-all.
  const walletName = useWalletName(true);

  const list = listings.data?.list ?? [];
  const byHash = new Map(list.map((item) => [item.order_hash, item]));
  const cancelling = (item: MyListing) => awaited.has(item.order_hash) && isLive(item);
  const cancellable = (item: MyListing) => isLive(item) && isSellMarketplace(item.marketplace) && !cancelling(item);
  const chosen = list.filter((item) => selected.has(item.order_hash) && cancellable(item));
  const chosenWallets = new Set(chosen.map((item) => item.wallet.toLowerCase()));
  const selectable = list.filter(cancellable);
  const live = list.filter(isLive);
  const ended = list.filter((item) => !isLive(item));
  const showWallet = several && wallet === null;

  function startCancel(next: CancelIntent, request: Parameters<typeof cancel.start>[0]) {
    setIntent(next);
    void cancel.start(request);
  }
  const cancelListings = (hashes: string[]) =>
    startCancel({ kind: 'listings', count: hashes.length }, { order_hashes: hashes });

  async function confirm() {
    if (cancel.state.phase !== 'confirm') return;
    const { plan } = cancel.state;
    const outcome = await cancel.confirm();
    if (outcome === null || outcome.status === 'switch' || outcome.hashes.length === 0) return;
    // The listings of the transactions sent: they show as cancelling until the order book has ended them.
    const sent = plan.transactions.slice(0, outcome.hashes.length).flatMap((tx) => tx.order_hashes);
    setAwaited((before) => new Set([...before, ...sent]));
    setSelected(NONE);
  }

  function close() {
    cancel.reset();
    setIntent(null);
  }

  const rowProps = (item: MyListing) => ({
    item,
    byHash,
    walletLabel: showWallet ? walletName(item.wallet) : null,
    cancellable: cancellable(item),
    cancelling: cancelling(item),
    selected: selected.has(item.order_hash) && cancellable(item),
    onSelect: (on: boolean) =>
      setSelected((before) => {
        const next = new Set(before);
        if (on) next.add(item.order_hash);
        else next.delete(item.order_hash);
        return next;
      }),
    onCancel: () => cancelListings([item.order_hash]),
  });

  return (
    <PageFrame title={appText('route.myListings.title')} description={appText('route.myListings.description')}>
      <PremiumQuery
        query={listings}
        refusals={PREMIUM_REFUSALS}
        texts={{
          premiumTitle: t('my_listings.premium.title'),
          toPlans: t('my_listings.premium.to_plans'),
          error: t('my_listings.error'),
          retry: t('my_listings.retry'),
        }}
        premiumTestId="my-listings-premium"
      >
        {(data) => (
          <div className="mt-4 flex flex-col gap-4" data-testid="my-listings">
            {several && (
              <WalletFilter
                label={t('my_listings.wallets')}
                allLabel={t('my_listings.all_wallets')}
                wallets={data.wallets}
                value={wallet}
                onChange={setWallet}
                nameOf={walletName}
              />
            )}
            {list.length === 0 ? (
              <Empty />
            ) : (
              <section aria-label={appText('route.myListings.title')}>
                <div className="mb-2 flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1">
                  <button
                    type="button"
                    className="button-primary"
                    disabled={chosen.length === 0 || chosenWallets.size > 1}
                    onClick={() => cancelListings(chosen.map((item) => item.order_hash))}
                  >
                    {t('my_listings.actions.cancel_selected', { count: chosen.length })}
                  </button>
                  <span className="text-[12px] text-muted">
                    {chosenWallets.size > 1
                      ? t('my_listings.one_wallet')
                      : t('my_listings.counts', { live: live.length, ended: ended.length })}
                  </span>
                </div>
                <table className="w-full text-left" data-testid="my-listings-table">
                  <thead className="hidden text-[11px] text-faint md:table-header-group">
                    <tr className="h-7">
                      <th className="font-normal">
                        <span className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            checked={selectable.length > 0 && chosen.length === selectable.length}
                            disabled={selectable.length === 0}
                            onChange={(event) =>
                              setSelected(
                                event.target.checked ? new Set(selectable.map((item) => item.order_hash)) : NONE,
                              )
                            }
                            aria-label={t('my_listings.select_all')}
                            className="size-3.5 cursor-pointer accent-[var(--accent)]"
                          />
                          {t('my_listings.col.token')}
                        </span>
                      </th>
                      <th className="font-normal">{t('my_listings.col.marketplace')}</th>
                      <th className="text-right font-normal">{t('my_listings.col.price')}</th>
                      <th className="text-right font-normal">{t('my_listings.col.floor')}</th>
                      <th className="text-right font-normal">{t('my_listings.col.left')}</th>
                      <th className="pl-4 font-normal">{t('my_listings.col.state')}</th>
                      <th className="font-normal">
                        <span className="sr-only">{t('my_listings.col.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line/60">
                    {live.map((item) => (
                      <ListingRow key={item.order_hash} {...rowProps(item)} />
                    ))}
                    {ended.length > 0 && (
                      <tr className="block md:table-row">
                        <td colSpan={7} className="block pt-4 pb-1 text-[11px] text-faint md:table-cell">
                          {t('my_listings.ended', { days: MY_LISTINGS_ENDED_DAYS })}
                        </td>
                      </tr>
                    )}
                    {ended.map((item) => (
                      <ListingRow key={item.order_hash} {...rowProps(item)} />
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <section aria-label={t('my_listings.cancel_all.title')} className="flex flex-col gap-1.5">
              <h2 className="font-semibold">{t('my_listings.cancel_all.title')}</h2>
              <p className="max-w-3xl text-[12px] text-faint">{t('my_listings.cancel_all.hint')}</p>
              <ul className="flex flex-col gap-1.5">
                {(wallet === null ? data.wallets : [wallet]).map((address) => (
                  <li key={address} className="flex flex-wrap items-center gap-1.5">
                    <span className="min-w-28 font-mono text-[12px] text-muted">{walletName(address)}</span>
                    {SELL_MARKETPLACES.map((marketplace) => (
                      <button
                        key={marketplace}
                        type="button"
                        className={SMALL_BUTTON}
                        onClick={() =>
                          startCancel(
                            { kind: 'all', wallet: address, marketplace },
                            { all: true, wallet: address, marketplace },
                          )
                        }
                      >
                        {t('my_listings.cancel_all.on', {
                          marketplace: appText(`market.marketplace.${marketplace}`),
                        })}
                      </button>
                    ))}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </PremiumQuery>
      {intent !== null && (
        <CancelDialog
          intent={intent}
          state={cancel.state}
          walletName={walletName}
          onConfirm={() => void confirm()}
          onClose={close}
        />
      )}
    </PageFrame>
  );
}
