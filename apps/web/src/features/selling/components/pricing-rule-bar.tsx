import { clsx } from 'clsx';
import { useState } from 'react';
import { Segmented } from '../../../components/ui/segmented';
import { parsePercent, PRICING_RULES, type PricingRule, rulePercent } from '../price';
import { useSellTexts } from '../sell-texts';

type PricingRuleBarProps = {
  /** The rule the prices follow; `manual` once a row is typed in. */
  rule: PricingRule;
  /** Prices every token the rule can price; `percentBps` is the percent typed, in basis points. */
  onApply: (rule: PricingRule, percentBps: number) => void;
  /** How many tokens have no floor, which the floor rules leave as they are. */
  withoutFloor: number;
};

/** How several tokens are priced at once: a rule and its percent, applied as they are chosen and typed. */
export function PricingRuleBar({ rule, onApply, withoutFloor }: PricingRuleBarProps) {
  const { t } = useSellTexts();
  const [percent, setPercent] = useState('5');
  const bps = parsePercent(percent);
  const floorRule = rule === 'floor' || rule === 'below_floor' || rule === 'above_floor';
  return (
    <div className="flex flex-col gap-1" data-testid="sell-rule">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-[11px] text-faint">{t('sell.rule.label')}</span>
        <Segmented
          label={t('sell.rule.label')}
          options={PRICING_RULES}
          value={rule}
          onChange={(next) => {
            if (next === 'manual' || !rulePercent(next)) onApply(next, 0);
            else if (bps !== null) onApply(next, bps);
          }}
          labelOf={(option) => t(`sell.rule.${option}`)}
        />
        <label className="flex items-center gap-1 text-[11px] text-muted">
          <input
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('sell.rule.percent')}
            aria-invalid={bps === null}
            value={percent}
            onChange={(event) => {
              const text = event.target.value;
              setPercent(text);
              const next = parsePercent(text);
              // A new percent re-prices at once under a rule that takes one; the rows stay editable after.
              if (next !== null && rulePercent(rule)) onApply(rule, next);
            }}
            className={clsx(
              'h-6 w-14 rounded border border-line bg-panel px-1.5',
              'text-right font-mono text-[12px] text-fg outline-none focus:border-accent/60 disabled:opacity-60',
            )}
          />
          %
        </label>
      </div>
      {bps === null && <p className="text-[11px] text-danger">{t('sell.rule.percent_error')}</p>}
      {floorRule && withoutFloor > 0 && (
        <p className="text-[11px] text-muted">{t('sell.rule.no_floor', { count: withoutFloor })}</p>
      )}
    </div>
  );
}
