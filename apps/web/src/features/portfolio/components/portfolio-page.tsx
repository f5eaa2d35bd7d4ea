import {
  COST_DECIMALS,
  type PortfolioData,
  type PortfolioHolding,
  type PortfolioSale,
  PROFIT_DECIMALS,
  SELL_BATCH_MAX,
  Status,
} from '@floordesk/protocol';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFigure, CardRow } from '../../../components/ui/card-table';
import { PageFrame } from '../../../components/ui/page-frame';
import { PremiumQuery } from '../../../components/ui/premium-message';
import { Profit } from '../../../components/ui/profit';
import { TokenLink } from '../../../components/ui/token-link';
import { WalletFilter } from '../../../components/ui/wallet-filter';
import { formatDate } from '../../../lib/dates';
import { usePortfolio } from '../../../lib/api/portfolio';
import { useWalletName } from '../../../lib/api/wallets';
import { formatCount, formatEth, shortAddress } from '../../../lib/format';
import { usePortfolioTexts } from '../../../lib/portfolio-texts';
import { useSellEntryTexts } from '../../../lib/sell-entry-texts';
import { openSellDialog } from '../../../stores/sell-dialog-store';

const DATE = 'YYYY-MM-DD HH:mm';

/** The refusals the page answers with the premium message and a way to the plans. */
const PREMIUM_REFUSALS = new Set<number>([Status.PortfolioPremiumRequired, Status.TrialEnded]);

const cost = (wei: string) => formatEth(wei, COST_DECIMALS);

function Total({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="rounded-md border border-line bg-panel px-3 py-2">
      <p className="text-[11px] text-faint">{label}</p>
      <p data-testid={testId} className="mt-0.5 font-mono text-[17px] font-semibold">
        {children}
      </p>
    </div>
  );
}

function Totals({ data }: { data: PortfolioData }) {
  const { t } = usePortfolioTexts();
  const { totals } = data;
  return (
    <section aria-label={t('portfolio.totals.cost')}>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Total label={t('portfolio.totals.cost')} testId="portfolio-total-cost">
          {cost(totals.cost_wei)} <span className="text-[11px] font-normal text-faint">ETH</span>
        </Total>
        <Total label={t('portfolio.totals.floor_value')} testId="portfolio-total-floor">
          {cost(totals.floor_value_wei)} <span className="text-[11px] font-normal text-faint">ETH</span>
        </Total>
        <Total label={t('portfolio.totals.unrealised')} testId="portfolio-total-unrealised">
          <Profit wei={totals.unrealised_wei} />
        </Total>
        <Total label={t('portfolio.totals.realised')} testId="portfolio-total-realised">
          <Profit wei={totals.realised_wei} />
        </Total>
      </div>
      <p className="mt-1.5 text-[12px] text-muted">
        {t('portfolio.totals.counts', { held: totals.held, sold: totals.sold })}
        {totals.unpriced > 0 && <> · {t('portfolio.totals.unpriced', { count: totals.unpriced })}</>}
      </p>
    </section>
  );
}

/** Picture, collection and #id (with the ERC-1155 units), linking to the collection. */
function TokenLabel({ item }: { item: PortfolioHolding | PortfolioSale }) {
  const { t } = usePortfolioTexts();
  return (
    <TokenLink
      collection={item.collection}
      collectionName={item.collection_name}
      imageUrl={item.image_url}
      tokenId={item.token_id}
      name={item.collection_name ?? shortAddress(item.collection)}
    >
      {item.amount !== '1' && <span className="text-faint"> {t('portfolio.amount', { amount: item.amount })}</span>}
    </TokenLink>
  );
}

function Acquired({ item }: { item: PortfolioHolding | PortfolioSale }) {
  const { t } = usePortfolioTexts();
  return (
    <span className="flex flex-col">
      <span
        data-testid="acquired-how"
        title={item.acquired === 'received' ? t('portfolio.received_note') : undefined}
        className={clsx(item.acquired === 'received' && 'text-warn')}
      >
        {t(`portfolio.how.${item.acquired}`)}
      </span>
      <span className="text-[11px] text-faint">
        {item.acquired_at === null
          ? t('portfolio.before_index')
          : formatDate(Math.floor(item.acquired_at / 1000), DATE)}
      </span>
    </span>
  );
}

const HEAD = 'hidden text-[11px] text-faint md:table-header-group';

/** A held position's key: the same token can sit in two wallets (ERC-1155). */
const holdingKey = (holding: PortfolioHolding) => `${holding.collection}:${holding.token_id}:${holding.wallet}`;

/** The tokens of `holdings` for the List dialog, each once. */
function sellRefs(holdings: readonly PortfolioHolding[]) {
  const refs = new Map(holdings.map((holding) => [`${holding.collection}:${holding.token_id}`, holding]));
  return [...refs.values()].map(({ collection, token_id }) => ({ collection, token_id }));
}

const ROW_LIST_BUTTON =
  'h-6 rounded border border-accent/50 px-2 text-[11px] font-semibold text-accent hover:bg-accent/10';

/** Select all, and List for the selection (any collections, at most SELL_BATCH_MAX tokens at once). */
function SelectionBar({
  holdings,
  selected,
  onSelect,
}: {
  holdings: readonly PortfolioHolding[];
  selected: readonly PortfolioHolding[];
  onSelect: (keys: ReadonlySet<string>) => void;
}) {
  const { t } = useSellEntryTexts();
  const refs = sellRefs(selected);
  const tooMany = refs.length > SELL_BATCH_MAX;
  return (
    <div className="mb-1.5 flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1">
      <label className="flex cursor-pointer items-center gap-1.5 text-[12px] text-muted hover:text-fg">
        <input
          type="checkbox"
          data-testid="holdings-select-all"
          checked={selected.length === holdings.length}
          onChange={(event) => onSelect(new Set(event.target.checked ? holdings.map(holdingKey) : []))}
          className="size-3.5 cursor-pointer accent-[var(--accent)]"
        />
        {t('sell_entry.select_all')}
      </label>
      {refs.length > 0 && (
        <button
          type="button"
          data-testid="holdings-list-selected"
          disabled={tooMany}
          onClick={() => openSellDialog(refs)}
          className="button-primary h-6 px-2 text-[11px]"
        >
          {t('sell_entry.list_selected', { count: refs.length })}
        </button>
      )}
      {tooMany && <span className="text-[11px] text-warn">{t('sell_entry.too_many', { max: SELL_BATCH_MAX })}</span>}
    </div>
  );
}

function Holdings({ holdings, showWallet }: { holdings: readonly PortfolioHolding[]; showWallet: boolean }) {
  const { t } = usePortfolioTexts();
  const { t: sellText } = useSellEntryTexts();
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(() => new Set());
  if (holdings.length === 0) return <p className="text-muted">{t('portfolio.empty_holdings')}</p>;
  // Only what the table shows now counts: another wallet filter leaves the others out.
  const selected = holdings.filter((holding) => selectedKeys.has(holdingKey(holding)));
  function toggle(key: string) {
    setSelectedKeys((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }
  return (
    <>
      <SelectionBar holdings={holdings} selected={selected} onSelect={setSelectedKeys} />
      <table className="w-full text-left" data-testid="holdings-table">
        <thead className={HEAD}>
          <tr className="h-7">
            <th className="font-normal">{t('portfolio.col.token')}</th>
            {showWallet && <th className="font-normal">{t('portfolio.wallets')}</th>}
            <th className="font-normal">{t('portfolio.col.acquired')}</th>
            <th className="text-right font-normal">{t('portfolio.col.cost')}</th>
            <th className="text-right font-normal">{t('portfolio.col.floor')}</th>
            <th className="text-right font-normal">{t('portfolio.col.unrealised')}</th>
            <th className="font-normal">
              <span className="sr-only">{sellText('sell_entry.list')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {holdings.map((holding) => {
            const key = holdingKey(holding);
            return (
              <CardRow key={key} data-testid="holding-row" data-token={`${holding.collection}:${holding.token_id}`}>
                <td className="col-span-2 min-w-0 md:max-w-64">
                  <span className="flex min-w-0 items-center gap-2">
                    <input
                      type="checkbox"
                      data-testid="holding-select"
                      aria-label={sellText('sell_entry.select_token', { token: holding.token_id })}
                      checked={selectedKeys.has(key)}
                      onChange={() => toggle(key)}
                      className="size-3.5 shrink-0 cursor-pointer accent-[var(--accent)]"
                    />
                    <TokenLabel item={holding} />
                  </span>
                </td>
                {showWallet && <td className="col-span-2 font-mono text-muted">{shortAddress(holding.wallet)}</td>}
                <td className="col-span-2 md:col-span-1">
                  <Acquired item={holding} />
                </td>
                <CardFigure label={t('portfolio.card.cost')}>
                  <span data-testid="holding-cost" className="font-mono">
                    {cost(holding.cost_wei)}
                  </span>
                </CardFigure>
                <CardFigure label={t('portfolio.card.floor')}>
                  <span data-testid="holding-floor" className="font-mono">
                    {holding.floor_wei === null ? t('portfolio.no_floor') : cost(holding.floor_wei)}
                  </span>
                </CardFigure>
                <CardFigure label={t('portfolio.card.unrealised')}>
                  <Profit wei={holding.unrealised_wei} testId="holding-unrealised" />
                </CardFigure>
                <td className="col-span-2 flex justify-end md:table-cell md:pl-3 md:text-right">
                  <button
                    type="button"
                    data-testid="holding-list"
                    aria-label={sellText('sell_entry.list_token', { token: holding.token_id })}
                    onClick={() => openSellDialog(sellRefs([holding]))}
                    className={ROW_LIST_BUTTON}
                  >
                    {sellText('sell_entry.list')}
                  </button>
                </td>
              </CardRow>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function Sold({ sold, showWallet }: { sold: readonly PortfolioSale[]; showWallet: boolean }) {
  const { t } = usePortfolioTexts();
  if (sold.length === 0) return <p className="text-muted">{t('portfolio.empty_sold')}</p>;
  return (
    <table className="w-full text-left" data-testid="sold-table">
      <thead className={HEAD}>
        <tr className="h-7">
          <th className="font-normal">{t('portfolio.col.token')}</th>
          {showWallet && <th className="font-normal">{t('portfolio.wallets')}</th>}
          <th className="font-normal">{t('portfolio.col.bought')}</th>
          <th className="font-normal">{t('portfolio.col.sold')}</th>
          <th className="text-right font-normal">{t('portfolio.col.cost')}</th>
          <th className="text-right font-normal">{t('portfolio.col.proceeds')}</th>
          <th className="text-right font-normal">{t('portfolio.col.gas')}</th>
          <th className="text-right font-normal">{t('portfolio.col.realised')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {sold.map((sale) => (
          <CardRow
            key={`${sale.sold_tx}:${sale.collection}:${sale.token_id}`}
            data-testid="sold-row"
            data-token={`${sale.collection}:${sale.token_id}`}
          >
            <td className="col-span-2 min-w-0 md:max-w-64">
              <TokenLabel item={sale} />
            </td>
            {showWallet && <td className="col-span-2 font-mono text-muted">{shortAddress(sale.wallet)}</td>}
            <td>
              <Acquired item={sale} />
            </td>
            <td className="flex flex-col items-end md:table-cell">
              <span className="text-[11px] text-faint md:hidden">{t('portfolio.col.sold')}</span>
              <span className="text-muted">{formatDate(Math.floor(sale.sold_at / 1000), DATE)}</span>
            </td>
            <CardFigure label={t('portfolio.card.cost')}>
              <span data-testid="sold-cost" className="font-mono">
                {cost(sale.cost_wei)}
              </span>
            </CardFigure>
            <CardFigure label={t('portfolio.card.proceeds')}>
              <span data-testid="sold-proceeds" className="font-mono">
                {cost(sale.proceeds_wei)}
              </span>
            </CardFigure>
            <CardFigure label={t('portfolio.card.gas')}>
              <span data-testid="sold-gas" className="font-mono text-muted">
                {formatEth(sale.gas_wei, PROFIT_DECIMALS)}
              </span>
            </CardFigure>
            <CardFigure label={t('portfolio.card.realised')}>
              <Profit wei={sale.realised_wei} testId="sold-realised" />
            </CardFigure>
          </CardRow>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /protfolio: every NFT in the user's own wallets at its cost against the collection's floor, what was sold and what
 * it made, and the totals; premium only (the server refuses others, and the page says why).
 */
export default function PortfolioPage() {
  const { t } = usePortfolioTexts();
  const { t: appText } = useTranslation();
  /** The wallet the page shows, or null for all of them. */
  const [wallet, setWallet] = useState<string | null>(null);
  const portfolio = usePortfolio(wallet);
  const several = (portfolio.data?.wallets.length ?? 0) > 1;
  const walletName = useWalletName(several);
  return (
    <PageFrame title={appText('route.portfolio.title')} description={appText('route.portfolio.description')}>
      <PremiumQuery
        query={portfolio}
        refusals={PREMIUM_REFUSALS}
        texts={{
          premiumTitle: t('portfolio.premium.title'),
          toPlans: t('portfolio.premium.to_plans'),
          error: t('portfolio.error'),
          retry: t('portfolio.retry'),
        }}
        premiumTestId="portfolio-premium"
      >
        {(data) => (
          <div className="mt-4 flex flex-col gap-5" data-testid="portfolio">
            {several && (
              <WalletFilter
                label={t('portfolio.wallets')}
                allLabel={t('portfolio.all_wallets')}
                wallets={data.wallets}
                value={wallet}
                onChange={setWallet}
                nameOf={walletName}
              />
            )}
            <Totals data={data} />
            <section aria-label={t('portfolio.holdings')}>
              <h2 className="mb-1 font-semibold">{t('portfolio.holdings')}</h2>
              <Holdings holdings={data.holdings} showWallet={several && wallet === null} />
            </section>
            <section aria-label={t('portfolio.sold')}>
              <h2 className="mb-1 font-semibold">{t('portfolio.sold')}</h2>
              {data.totals.sold > data.sold.length && (
                <p data-testid="sold-latest" className="mb-1 text-[12px] text-muted">
                  {t('portfolio.sold_latest', {
                    shown: formatCount(data.sold.length),
                    count: formatCount(data.totals.sold),
                  })}
                </p>
              )}
              <Sold sold={data.sold} showWallet={several && wallet === null} />
            </section>
            <p className="max-w-4xl text-[12px] text-faint">{t('portfolio.rules')}</p>
          </div>
        )}
      </PremiumQuery>
    </PageFrame>
  );
}
