import type { SellMarketplace, SellPrepareData, SellVenue } from '@floordesk/protocol';
import { formatEth, formatPercent, NO_VALUE } from '../../../lib/format';
import { netProceeds } from '../price';
import { royaltyBpsOf } from '../sell-orders';
import type { SellRow } from '../sell-rows';
import { marketplaceName, useSellTexts } from '../sell-texts';

type MarketplaceChoiceProps = {
  /** The marketplaces the dialog offers, in order. */
  offered: readonly SellMarketplace[];
  data: SellPrepareData;
  chosen: readonly SellMarketplace[];
  rows: readonly SellRow[];
  onChange: (chosen: SellMarketplace[]) => void;
};

const percentOf = (bps: number) => formatPercent(bps / 100);

/** The tokens' royalty: one share, or the range of theirs when collections differ. */
function royaltyText(rows: readonly SellRow[]): string {
  const shares = rows.map((row) => royaltyBpsOf(row.token));
  if (shares.length === 0) return NO_VALUE;
  const low = Math.min(...shares);
  const high = Math.max(...shares);
  return low === high ? percentOf(low) : `${percentOf(low)}–${percentOf(high)}`;
}

/** What every row's price leaves the seller on `venue`, once each price is one. */
function proceedsText(rows: readonly SellRow[], venue: SellVenue): string {
  let total = 0n;
  for (const { price, token } of rows) {
    if (!price.ok) return NO_VALUE;
    total += netProceeds(price.wei, venue.fee_bps, royaltyBpsOf(token));
  }
  return formatEth(total);
}

/** OpenSea and LooksRare, each with its fee, the royalty and what the prices leave the seller there. */
export function MarketplaceChoice({ offered, data, chosen, rows, onChange }: MarketplaceChoiceProps) {
  const { t } = useSellTexts();
  const royalty = royaltyText(rows);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid="sell-marketplaces">
      <legend className="mb-1 text-[11px] text-faint">{t('sell.marketplaces.label')}</legend>
      {offered.map((marketplace) => {
        const venue = data.venues.find((candidate) => candidate.marketplace === marketplace)!;
        const checked = chosen.includes(marketplace);
        return (
          <label
            key={marketplace}
            data-testid="sell-marketplace"
            data-marketplace={marketplace}
            className="flex min-w-0 cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-0.5"
          >
            <span className="flex items-center gap-1.5 font-semibold">
              <input
                type="checkbox"
                checked={checked}
                disabled={offered.length === 1}
                onChange={(event) =>
                  onChange(
                    offered.filter((other) => (other === marketplace ? event.target.checked : chosen.includes(other))),
                  )
                }
                className="size-3.5 cursor-pointer accent-[var(--accent)]"
              />
              {marketplaceName(marketplace)}
            </span>
            <span className="flex flex-wrap gap-x-2 text-[11px] text-muted">
              <span>{t('sell.marketplaces.fee', { fee: percentOf(venue.fee_bps) })}</span>
              <span>{t('sell.marketplaces.royalty', { royalty })}</span>
              <span data-testid="sell-proceeds" className={checked ? 'font-mono text-fg' : 'font-mono'}>
                {t('sell.marketplaces.proceeds', { amount: proceedsText(rows, venue) })}
              </span>
            </span>
          </label>
        );
      })}
      {chosen.length === 0 && <p className="text-[11px] text-danger">{t('sell.marketplaces.none')}</p>}
    </fieldset>
  );
}
