import { type GasEntry, isGasEntryComplete } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/ui/hint';
import { chooseGasPreset, openGasSettings } from '../choose-gas-preset';
import { presetFeeFigures, useBaseFeeWei } from '../../../lib/gas-fees';
import { useGasEntries } from '../../../stores/gas-store';

type GasPresetsProps = {
  /** 'keys' labels each preset by its key (1–6), where the bar is short of room; 'names' by its short name. */
  labels: 'keys' | 'names';
  className?: string;
};

/** The six gas presets, the selected one pressed, and the way into their settings. */
export function GasPresets({ labels, className }: GasPresetsProps) {
  const { t } = useTranslation();
  const entries = useGasEntries();
  const baseFeeWei = useBaseFeeWei();

  function hintOf(entry: GasEntry, key: number): string {
    const name = t(`gas.preset.${entry.type}`);
    const figures = presetFeeFigures(entry, baseFeeWei);
    if (figures === 'unset') return t('gas.hint.unset', { name, key });
    if (figures === 'wallet') return t('gas.hint.wallet', { name, key });
    return t('gas.hint.fees', { name, key, max: figures?.max ?? '—', prio: figures?.prio ?? '—' });
  }

  return (
    <div className={clsx('flex shrink-0 items-center gap-1', className)}>
      <fieldset aria-label={t('gas.presets')} className="flex gap-0.5">
        {entries.map((entry, index) => {
          const selected = entry.status === 1;
          return (
            <Hint key={entry.type} text={hintOf(entry, index + 1)}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={t(`gas.preset.${entry.type}`)}
                data-testid={`gas-preset-${entry.type}`}
                onClick={() => chooseGasPreset(entry.type)}
                className={clsx(
                  'h-6 min-w-6 rounded px-1.5 text-[11px] font-semibold whitespace-nowrap transition-colors',
                  selected ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-raised hover:text-fg',
                  !isGasEntryComplete(entry) && !selected && 'text-faint',
                )}
              >
                {labels === 'keys' ? index + 1 : t(`gas.short.${entry.type}`)}
              </button>
            </Hint>
          );
        })}
      </fieldset>
      <button
        type="button"
        aria-label={t('gas.settings')}
        title={t('gas.settings')}
        onClick={openGasSettings}
        className="icon-button size-6"
      >
        <Settings2 size={14} aria-hidden />
      </button>
    </div>
  );
}
