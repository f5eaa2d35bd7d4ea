import { BREAK_EVEN_FEE_PERCENT, breakEvenWei, presetFees } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { formatEth } from '../../../lib/format';
import { useCollection } from '../../../lib/api/collection';
import { useBaseFeeWei } from '../../../lib/gas-fees';
import { useEffectiveGasEntry } from '../../../stores/gas-store';

/**
 * The price a token bought at the floor must resell for to break even: floor, the gas of a buy at the
 * base fee plus the chosen preset's priority fee, and the marketplace fee.
 */
export function BreakEven({ collection }: { collection: string }) {
  const { t } = useTranslation();
  const floor = useCollection(collection).data?.floor_value;
  const baseFeeWei = useBaseFeeWei();
  const gas = useEffectiveGasEntry();
  let value = '—';
  if (floor && baseFeeWei !== undefined) {
    // A preset that leaves the fees to the wallet adds no priority fee we could know of.
    const priority = presetFees(gas, baseFeeWei)?.maxPriorityFeePerGas ?? 0n;
    value = formatEth(breakEvenWei(BigInt(floor), baseFeeWei + priority));
  }
  return (
    <div
      className="flex shrink-0 items-center gap-1 text-[11px] whitespace-nowrap"
      title={t('sweep.break_even_hint', { percent: BREAK_EVEN_FEE_PERCENT })}
    >
      <span className="text-faint">{t('sweep.break_even')}</span>
      <span className="font-mono text-[12px] text-fg" data-testid="break-even">
        {value} <span className="text-faint">Ξ</span>
      </span>
    </div>
  );
}
