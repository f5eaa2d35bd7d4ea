import { BREAK_PRICE_FEE_PERCENT, breakEvenWei, type Marketplace, presetFees } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/ui/hint';
import { formatEth, NO_VALUE } from '../../../lib/format';
import { useCollection } from '../../../lib/api/collection';
import { useBaseFeeWei } from '../../../lib/gas-fees';
import { useEffectiveGasEntry } from '../../../stores/gas-store';

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
    const priceOf = (feePercent: number) => formatEth(breakEvenWei(BigInt(floor), gasPrice, feePercent));
    value = priceOf(BREAK_PRICE_FEE_PERCENT.opensea);
    // A marketplace and its price never part where the hint wraps.
    const each = (Object.entries(BREAK_PRICE_FEE_PERCENT) as [Marketplace, number][]).map(
      ([marketplace, feePercent]) => `${t(`market.marketplace.${marketplace}`)}\u00a0${priceOf(feePercent)}`,
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
