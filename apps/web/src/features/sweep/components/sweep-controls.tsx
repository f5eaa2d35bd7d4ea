import { SWEEP_BUTTONS } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { usePreloadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import { useMinWidth } from '../../../lib/use-min-width';
import { SWEEP_BAR_MIN_PX, useSweepScreen } from '../use-sweep-screen';
import { useSweep } from '../use-sweep';
import { BreakEven } from './break-even';
import { CountButtons, CountSlider } from './count-buttons';
import { SkipCheckbox } from './skip-checkbox';
import { SweepButton } from './sweep-button';

type SweepControlsProps = {
  collection: string;
  /** The route shows the break-even price (its showBreak flag). */
  showBreak: boolean;
};

/** The desktop bar's sweep: count buttons, slider, SWEEP, the skip switch and the break-even price. */
export function SweepControls({ collection, showBreak }: SweepControlsProps) {
  const { t } = useTranslation();
  const sweep = useSweep(collection);
  const screen = useSweepScreen();
  const wide = screen === 'wide';
  const roomy = useMinWidth(SWEEP_BAR_MIN_PX.roomy);
  const breakEven = useMinWidth(SWEEP_BAR_MIN_PX.breakEven);
  // Sending needs the wallet SDK: fetched while the sweep shows, not after SWEEP is pressed.
  usePreloadWalletActions();

  return (
    <fieldset aria-label={t('sweep.controls')} className="flex min-w-0 shrink-0 items-center gap-2">
      <CountButtons options={wide ? SWEEP_BUTTONS.wide : SWEEP_BUTTONS.desktop} />
      {roomy && <CountSlider className="w-16" />}
      <SweepButton sweep={sweep} />
      <SkipCheckbox label={wide ? 'full' : roomy ? 'short' : 'none'} />
      {showBreak && breakEven && <BreakEven collection={collection} />}
    </fieldset>
  );
}
