import { SWEEP_BUTTONS } from '@floordesk/protocol';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePreloadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import { GasPresets } from '../../../features/gas/components/gas-presets';
import { BarPopover } from '../../../components/ui/bar-popover';
import { useSweep } from '../../../features/sweep/use-sweep';
import { useSweepScreen } from '../../../features/sweep/use-sweep-screen';
import { BreakEven } from '../../../features/sweep/components/break-even';
import { CountButtons, CountSlider } from '../../../features/sweep/components/count-buttons';
import { SkipCheckbox } from '../../../features/sweep/components/skip-checkbox';
import { SweepButton } from '../../../features/sweep/components/sweep-button';

type SweepPopoverProps = { collection: string; showBreak: boolean };

/** The collapsed bar's sweep, panel 'sweepPop': the desktop controls and the gas presets, stacked. */
export function SweepPopover({ collection, showBreak }: SweepPopoverProps) {
  const { t } = useTranslation();
  const sweep = useSweep(collection);
  const narrow = useSweepScreen() === 'narrow';
  // Sending needs the wallet SDK: fetched while the sweep shows, not after SWEEP is pressed.
  usePreloadWalletActions();

  return (
    <BarPopover
      panel="sweepPop"
      label={t('sweep.controls')}
      trigger={
        <button
          type="button"
          data-testid="sweep-popover-trigger"
          className="flex h-7 shrink-0 items-center gap-1 rounded-md px-2 text-[12px] font-semibold text-accent hover:bg-raised data-[state=open]:bg-accent/15"
        >
          <ShoppingCart size={14} aria-hidden />
          {t('sweep.open')}
        </button>
      }
    >
      <CountButtons options={narrow ? SWEEP_BUTTONS.narrow : SWEEP_BUTTONS.mobile} />
      <CountSlider className="w-full" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SkipCheckbox />
        {showBreak && <BreakEven collection={collection} />}
      </div>
      <div className="h-px bg-line" aria-hidden />
      <GasPresets labels="names" />
      <SweepButton sweep={sweep} className="h-8 w-full text-[12px]" />
    </BarPopover>
  );
}
