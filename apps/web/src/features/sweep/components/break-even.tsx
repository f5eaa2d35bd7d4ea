import {
  BREAK_PRICE_FEE_PERCENT,
  type BreakPriceMarket,
  breakEvenWei,
  type Marketplace,
  presetFees,
} from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/ui/hint';
import { formatEth, NO_VALUE } from '../../../lib/format';
import { useCollection } from '../../../lib/api/collection';
import { useBaseFeeWei } from '../../../lib/gas-fees';
import { useEffectiveGasEntry } from '../../../stores/gas-store';

/** The marketplace each break price is named by, in the order the hint lists them; "general" is OpenSea's fee. */
const BREAK_PRICE_MARKETS: [BreakPriceMarket, Marketplace][] = [
  ['general', 'opensea'],
  ['looks', 'looks'],
  ['x2y2', 'x2y2'],
  ['blur', 'blur'],
];

/**
 * The price a token bought at the floor must resell for to break even: floor, the gas of a buy at the
 * base fee plus the chosen preset's priority fee, and the marketplace fee. The bar shows the general one (OpenSea's
 * fee); its hint lists each marketplace's.
 */
export function BreakEven({ collection }: { collection: string }) {
  const { t } = useTranslation();
  const floor = useCollection(collection).data?.floor_value;
  const baseFeeWei = useBaseFeeWei();
  const gas = useEffectiveGasEntry();
  let value = NO_VALUE;
  let hint = t('sweep.break_even_hint');
  if (floor && baseFeeWei !== undefined) {
    // A preset that leaves the fees to the wallet adds no priority fee we could know of.
    const gasPrice = baseFeeWei + (presetFees(gas, baseFeeWei)?.maxPriorityFeePerGas ?? 0n);
    const priceOf = (market: BreakPriceMarket) =>
      formatEth(breakEvenWei(BigInt(floor), gasPrice, BREAK_PRICE_FEE_PERCENT[market]));
    value = priceOf('general');
    // A marketplace and its price never part where the hint wraps.
    const each = BREAK_PRICE_MARKETS.map(
      ([market, marketplace]) => `${t(`market.marketplace.${marketplace}`)}\u00a0${priceOf(market)}`,
    );
    hint += `\n${each.join(' · ')}`;
  }
  return (
    <Hint text={hint}>
      <button type="button" className="flex shrink-0 cursor-default items-center gap-1 text-[11px] whitespace-nowrap">
        <span className="text-faint">{t('sweep.break_even')}</span>
        <span className="font-mono text-[12px] text-fg" data-testid="break-even">
          {value} <span className="text-faint">Ξ</span>
        </span>
      </button>
    </Hint>
  );
}
