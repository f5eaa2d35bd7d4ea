import { SELL_MARKETPLACES, type SellMarketplace, type SellPrepareData, type SellToken } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useNowMs } from '../../../lib/use-now';
import { useWallet } from '../../../lib/wallet/wallet-store';
import { closeSellDialog, type ReplacedListing } from '../../../stores/sell-dialog-store';
import { type PricingRule, priceText, rulePrice } from '../price';
import { planSteps, runListing, wrongAccountMessage } from '../sell-flow';
import { tokenKey } from '../sell-orders';
import { type Duration, endTimeOf, sellRows, shownListings } from '../sell-rows';
import { isSellBusy, useSellState } from '../sell-store';
import { useSellTexts } from '../sell-texts';
import { useListingDeps } from '../use-listing';
import { DurationField } from './duration-field';
import { LossConfirm } from './loss-confirm';
import { MarketplaceChoice } from './marketplace-choice';
import { PricingRuleBar } from './pricing-rule-bar';
import { SellSteps } from './sell-steps';
import { TokenRow } from './token-row';

/** A week: long enough to sell a flip, short enough that a forgotten listing does not sell a month later. */
const DEFAULT_DURATION: Duration = { kind: 'preset', seconds: 604_800 };

/** How often the shown end of a preset moves on, and a typed date is checked again, while the dialog is open. */
const CLOCK_MS = 30_000;

const nowMs = () => Date.now();

/** Each token starts at its floor (a reprice at the price it has), or empty without one. */
function initialPrices(tokens: readonly SellToken[], replacing: ReplacedListing | null): Record<string, string> {
  return Object.fromEntries(
    tokens.map((token) => {
      const wei = replacing ? replacing.price_wei : token.floor_wei;
      return [tokenKey(token), wei === null ? '' : priceText(BigInt(wei))];
    }),
  );
}

/** Every marketplace offered; a reprice lists again where the old listing is. */
function offeredMarketplaces(data: SellPrepareData, replacing: ReplacedListing | null): SellMarketplace[] {
  return SELL_MARKETPLACES.filter(
    (marketplace) =>
      data.venues.some((venue) => venue.marketplace === marketplace) &&
      (replacing === null || replacing.marketplace === marketplace),
  );
}

type SellFormProps = { data: SellPrepareData; replacing: ReplacedListing | null };

/** The dialog's inputs, rows and steps over the server's answer, and the List button that runs the flow. */
export function SellForm({ data, replacing }: SellFormProps) {
  const { t } = useSellTexts();
  const deps = useListingDeps();
  const run = useSellState((state) => state.run);
  const replacedCancelled = useSellState((state) => state.replacedCancelled);
  const account = useWallet((state) => state.account);
  const busy = isSellBusy(run);
  const now = useNowMs(CLOCK_MS);
  const offered = offeredMarketplaces(data, replacing);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [prices, setPrices] = useState(() => initialPrices(data.tokens, replacing));
  const several = data.tokens.length - removed.size > 1;
  const [rule, setRule] = useState<PricingRule>(several ? 'floor' : 'manual');
  const [duration, setDuration] = useState<Duration>(DEFAULT_DURATION);
  const [chosen, setChosen] = useState<readonly SellMarketplace[]>(offered);
  const [confirming, setConfirming] = useState(false);

  const tokens = data.tokens.map((token) => ({ key: tokenKey(token), token })).filter(({ key }) => !removed.has(key));
  const venues = data.venues.filter((venue) => chosen.includes(venue.marketplace));
  const rows = sellRows(tokens, prices, venues, replacing);
  const end = endTimeOf(duration, now);
  const listings = end.ok ? shownListings(rows, venues, end.endTime) : null;

  const [first] = rows;
  const newPrice = first?.price.ok ? first.price.wei : null;
  const samePrice = replacing !== null && newPrice === BigInt(replacing.price_wei);
  // The old listing goes first when the new price is higher; once it is gone, a retry only lists.
  const cancel =
    replacing && !replacedCancelled && newPrice !== null && newPrice > BigInt(replacing.price_wei) ? replacing : null;
  const wrongAccount = account
    ? wrongAccountMessage(
        tokens.map(({ token }) => token),
        account,
      )
    : null;
  // Explained before any price is set: the steps depend on the tokens and marketplaces alone.
  const placements = venues.flatMap(({ marketplace }) => tokens.map(({ token }) => ({ token, marketplace })));
  const steps = planSteps(data, placements, cancel);
  const losses = rows.flatMap((row) => (row.loss ? [row.loss] : []));
  const ready = listings !== null && listings.length > 0 && !samePrice && wrongAccount === null && !busy;

  function applyRule(next: PricingRule, percentBps: number) {
    setRule(next);
    setPrices((current) => {
      const updated = { ...current };
      for (const { key, token } of tokens) {
        const wei = rulePrice(next, percentBps, token);
        if (wei !== null) updated[key] = priceText(wei);
      }
      return updated;
    });
  }

  function start() {
    setConfirming(false);
    // The end as of now: a preset counts from the click, and the orders are built from what the rows show.
    const at = endTimeOf(duration, nowMs());
    const shown = at.ok ? shownListings(rows, venues, at.endTime) : null;
    if (shown) void runListing({ data, listings: shown, cancel }, deps);
  }

  const listLabel = replacing
    ? t(cancel ? 'sell.button.cancel_and_list' : 'sell.button.relist')
    : rows.length > 1
      ? t('sell.button.list_count', { count: rows.length })
      : t('sell.button.list');
  return (
    <>
      <div className="-mx-1 flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-1 pb-1">
        <fieldset disabled={busy} className="flex min-w-0 flex-col gap-3">
          {several && (
            <PricingRuleBar
              rule={rule}
              onApply={applyRule}
              withoutFloor={tokens.filter(({ token }) => token.floor_wei === null).length}
            />
          )}
          <ul
            aria-label={t('sell.title.tokens', { count: rows.length })}
            className={clsx(
              'flex flex-col divide-y divide-line/60 rounded border border-line',
              // On desktop the rows scroll between the rule and the choices; a phone scrolls the whole sheet.
              'sm:max-h-[min(22rem,40dvh)] sm:overflow-y-auto',
            )}
          >
            {rows.map((row) => (
              <TokenRow
                key={row.key}
                row={row}
                venues={venues}
                replacing={replacing}
                samePrice={samePrice}
                refused={run?.status === 'failed' && run.refused?.token === row.key ? run.refused : null}
                onPrice={(text) => {
                  setPrices((current) => ({ ...current, [row.key]: text }));
                  setRule('manual');
                }}
                onRemove={several ? () => setRemoved((current) => new Set(current).add(row.key)) : undefined}
              />
            ))}
          </ul>
          <DurationField duration={duration} end={end} onChange={setDuration} />
          <MarketplaceChoice offered={offered} data={data} chosen={chosen} rows={rows} onChange={setChosen} />
        </fieldset>
        <SellSteps steps={busy && run ? run.steps : steps} run={busy ? run : null} data={data} />
      </div>
      {wrongAccount !== null && (
        <p role="alert" data-testid="sell-wrong-wallet" className="mt-2 rounded bg-warn/10 px-2.5 py-1.5 text-warn">
          {wrongAccount}
        </p>
      )}
      {run?.status === 'failed' && run.message && (
        <p
          role="alert"
          data-testid="sell-message"
          className="mt-2 rounded border border-danger/30 bg-danger/10 px-2.5 py-1.5 text-danger"
        >
          {run.message}
        </p>
      )}
      <div className="mt-3 flex items-center justify-end gap-2 border-t border-line pt-3">
        <button type="button" className="button-secondary" onClick={closeSellDialog}>
          {t('sell.button.close')}
        </button>
        <button
          type="button"
          data-testid="sell-submit"
          className="button-primary gap-1.5"
          disabled={!ready}
          onClick={() => (losses.length > 0 ? setConfirming(true) : start())}
        >
          {busy && <LoaderCircle size={13} className="animate-spin" aria-hidden />}
          {busy ? t('sell.button.busy') : listLabel}
        </button>
      </div>
      <LossConfirm open={confirming} losses={losses} onConfirm={start} onCancel={() => setConfirming(false)} />
    </>
  );
}
