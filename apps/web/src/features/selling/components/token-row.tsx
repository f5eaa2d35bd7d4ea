import type { SellToken, SellVenue } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Info, X } from 'lucide-react';
import { Hint } from '../../../components/ui/hint';
import { TokenCell } from '../../../components/ui/token-cell';
import { formatCount, formatEth, shortAddress } from '../../../lib/format';
import type { ReplacedListing } from '../../../stores/sell-dialog-store';
import { priceText } from '../price';
import { breakEvens, type RowFlag, type SellRow } from '../sell-rows';
import type { Refused } from '../sell-store';
import { marketplaceName, useSellTexts } from '../sell-texts';

type TokenRowProps = {
  row: SellRow;
  /** The marketplaces chosen: the break-even price is each one's. */
  venues: readonly SellVenue[];
  replacing: ReplacedListing | null;
  /** A reprice at the price the listing has. */
  samePrice: boolean;
  /** The order book refused this token's listing. */
  refused: Refused | null;
  onPrice: (text: string) => void;
  /** Takes the token out of the dialog; absent when it is the only one. */
  onRemove?: () => void;
};

/** A token: what it is, the prices to weigh (floor, rarest trait, rank, cost, break-even), its price and warnings. */
export function TokenRow({ row, venues, replacing, samePrice, refused, onPrice, onRemove }: TokenRowProps) {
  const { t } = useSellTexts();
  const { token } = row;
  const error = row.price.ok ? (samePrice ? t('sell.same_price') : null) : t(`sell.price_error.${row.price.error}`);
  return (
    <li
      data-testid="sell-row"
      data-token={row.key}
      className="grid grid-cols-1 gap-x-3 gap-y-1.5 px-2.5 py-2 sm:grid-cols-[minmax(0,1fr)_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          {/* The id before the collection's name: a long name gives way first. */}
          <span className="max-w-[60%] shrink-0">
            <TokenCell img={token.image_url} tokenId={token.token_id} />
          </span>
          <span className="min-w-0 truncate text-muted">{token.collection_name ?? shortAddress(token.collection)}</span>
        </div>
        <PriceHints token={token} venues={venues} onPrice={onPrice} />
      </div>
      <div className="flex items-center gap-1.5 sm:self-start">
        <input
          inputMode="decimal"
          autoComplete="off"
          data-testid="sell-price"
          aria-label={t('sell.price_label', { token: token.token_id })}
          aria-invalid={error !== null}
          value={row.text}
          onChange={(event) => onPrice(event.target.value)}
          className={clsx(
            'h-7 min-w-0 flex-1 rounded border bg-panel px-1.5 sm:w-32 sm:flex-none',
            'text-right font-mono text-[12px] text-fg outline-none disabled:opacity-60',
            error === null ? 'border-line focus:border-accent/60' : 'border-danger/70',
          )}
        />
        <span className="text-[11px] text-faint">ETH</span>
        {onRemove && (
          <button
            type="button"
            className="icon-button size-7"
            aria-label={t('sell.remove', { token: token.token_id })}
            onClick={onRemove}
          >
            <X size={14} aria-hidden />
          </button>
        )}
      </div>
      <div className="flex flex-col gap-0.5 text-[11px] sm:col-span-2 empty:hidden">
        {replacing && (
          <p className="text-muted">
            {t('sell.old_price', {
              price: formatEth(replacing.price_wei),
              marketplace: marketplaceName(replacing.marketplace),
            })}
          </p>
        )}
        {error !== null && (
          <p data-testid="sell-price-error" className="text-danger">
            {error}
          </p>
        )}
        {row.flags.map((flag) => (
          <Flag key={`${flag.kind}:${flag.marketplace}:${flag.priceWei}`} flag={flag} />
        ))}
        {row.loss?.belowFloor && (
          <p data-testid="sell-flag" data-kind="below_floor" className="text-danger">
            {t('sell.flag.below_floor', { percent: row.loss.belowFloor.percent })}
          </p>
        )}
        {row.loss?.belowCost && (
          <p data-testid="sell-flag" data-kind="below_cost" className="text-danger">
            {t('sell.flag.below_cost')}
          </p>
        )}
        {refused && (
          <p role="alert" data-testid="sell-row-refused" className="font-semibold text-danger">
            {t('sell.refused_listing', {
              marketplace: marketplaceName(refused.marketplace),
              message: refused.message,
            })}
          </p>
        )}
      </div>
    </li>
  );
}

function Flag({ flag }: { flag: RowFlag }) {
  const { t } = useSellTexts();
  return (
    <p data-testid="sell-flag" data-kind={flag.kind} className="text-warn">
      {t(`sell.flag.${flag.kind}`, {
        price: formatEth(flag.priceWei),
        marketplace: marketplaceName(flag.marketplace),
      })}
    </p>
  );
}

const HINT = 'flex items-baseline gap-1 whitespace-nowrap';

/** A price hint the trader can take as the price with a click. */
function PriceButton({ label, wei, tokenId, onPrice }: PriceHintProps & { label: string; wei: string | null }) {
  const { t } = useSellTexts();
  if (wei === null) {
    return (
      <span className={HINT}>
        <span className="text-faint">{label}</span>
        <span className="text-muted">{t('sell.hint.none')}</span>
      </span>
    );
  }
  const price = formatEth(wei);
  return (
    <button
      type="button"
      title={t('sell.hint.use', { price, token: tokenId })}
      onClick={() => onPrice(priceText(BigInt(wei)))}
      className={clsx(HINT, 'rounded-sm hover:text-accent')}
    >
      <span className="text-faint">{label}</span>
      <span className="font-mono text-fg">{price}</span>
    </button>
  );
}

type PriceHintProps = { tokenId: string; onPrice: (text: string) => void };

function PriceHints({
  token,
  venues,
  onPrice,
}: { token: SellToken; venues: readonly SellVenue[] } & Omit<PriceHintProps, 'tokenId'>) {
  const { t } = useSellTexts();
  const trait = token.rarest_trait;
  const traitName = trait ? `${trait.trait_type}: ${trait.value}` : '';
  const evens = breakEvens(token, venues);
  return (
    <div className="flex flex-col gap-0.5 text-[11px]">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <PriceButton label={t('sell.hint.floor')} wei={token.floor_wei} tokenId={token.token_id} onPrice={onPrice} />
        {trait && (
          <span title={t('sell.hint.trait_floor_hint', { trait: traitName })} className="min-w-0 truncate">
            <PriceButton
              label={t('sell.hint.trait_floor', { trait: traitName })}
              wei={trait.floor_wei}
              tokenId={token.token_id}
              onPrice={onPrice}
            />
          </span>
        )}
        {token.rank !== null && token.ranked !== null && (
          <span className="whitespace-nowrap text-muted">
            {t('sell.hint.rank', { rank: formatCount(token.rank), of: formatCount(token.ranked) })}
          </span>
        )}
        <span className={HINT}>
          <span className="text-faint">{t('sell.hint.cost')}</span>
          <span className="font-mono text-fg">{formatEth(token.cost_wei)}</span>
        </span>
      </p>
      {evens.length > 0 && (
        <p data-testid="sell-break-even" className="flex flex-wrap items-baseline gap-x-2">
          <Hint text={t('sell.hint.break_even_hint')}>
            <button type="button" className="flex items-center gap-0.5 text-faint hover:text-fg">
              {t('sell.hint.break_even')}
              <Info size={11} aria-hidden />
            </button>
          </Hint>
          {evens.map(({ marketplace, priceWei }) => (
            <span key={marketplace} className={HINT}>
              <span className="text-muted">{marketplaceName(marketplace)}</span>
              <span className="font-mono text-fg">
                {priceWei === null ? t('sell.hint.never') : formatEth(priceWei)}
              </span>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
