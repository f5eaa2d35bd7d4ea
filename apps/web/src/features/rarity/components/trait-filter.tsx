import type { TraitType } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import type { TraitChoice } from '../trait-choice';

type TraitFilterProps = {
  traits: readonly TraitType[];
  choice: TraitChoice;
  onToggle: (type: string, value: string) => void;
};

/** The trait types, each folding out its values with their token counts. */
export function TraitFilter({ traits, choice, onToggle }: TraitFilterProps) {
  const { t } = useRarityTexts();
  return (
    <div className="flex flex-col">
      {traits.map((trait) => {
        const chosen = choice[trait.type] ?? [];
        return (
          <details key={trait.type} open={chosen.length > 0 || undefined} className="border-b border-line/60">
            <summary className="flex cursor-pointer items-center gap-2 px-3 py-1.5 select-none hover:bg-raised">
              <span className="min-w-0 flex-1 truncate font-medium">{trait.type}</span>
              {chosen.length > 0 && (
                <span className="rounded-sm bg-accent/15 px-1 text-[10px] font-semibold text-accent">
                  {chosen.length}
                </span>
              )}
              <span className="text-[11px] text-faint">{t('rarity_views.values', { count: trait.values.length })}</span>
            </summary>
            <ul className="max-h-56 overflow-y-auto pb-1">
              {trait.values.map(({ value, count }) => (
                <li key={value}>
                  <label className="flex cursor-pointer items-center gap-2 px-3 py-1 hover:bg-raised">
                    <input
                      type="checkbox"
                      checked={chosen.includes(value)}
                      onChange={() => onToggle(trait.type, value)}
                      className="accent-(--accent)"
                    />
                    <span className="min-w-0 flex-1 truncate">{value}</span>
                    <span className="font-mono text-[11px] text-faint">{formatCount(count)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}

type FilterChipsProps = { choice: TraitChoice; onToggle: (type: string, value: string) => void; onClear: () => void };

/** The chosen values as removable chips, and a way to clear them all. */
export function FilterChips({ choice, onToggle, onClear }: FilterChipsProps) {
  const { t } = useRarityTexts();
  const chips = Object.entries(choice).flatMap(([type, values]) => values.map((value) => ({ type, value })));
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {chips.map(({ type, value }) => {
        const label = `${type}: ${value}`;
        return (
          <button
            key={`${type}\u001f${value}`}
            type="button"
            data-testid="trait-chip"
            onClick={() => onToggle(type, value)}
            aria-label={t('rarity_views.remove_filter', { filter: label })}
            className={clsx(
              'flex max-w-full items-center gap-1 rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5',
              'text-[12px] text-accent hover:bg-accent/20',
            )}
          >
            <span className="truncate">{label}</span>
            <X size={12} className="shrink-0" aria-hidden />
          </button>
        );
      })}
      <button type="button" onClick={onClear} className="text-[12px] text-muted underline hover:text-fg">
        {t('rarity_views.clear')}
      </button>
    </div>
  );
}
