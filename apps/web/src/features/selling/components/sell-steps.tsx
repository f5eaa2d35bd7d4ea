import type { SellPrepareData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { Check, LoaderCircle } from 'lucide-react';
import { formatEth, shortAddress } from '../../../lib/format';
import type { SellRun, SellStep } from '../sell-store';
import { marketplaceName, useSellTexts } from '../sell-texts';

type StepState = 'planned' | 'done' | 'current';

type SellStepsProps = {
  steps: readonly SellStep[];
  /** The run taking them, while one is; null shows the plan. */
  run: SellRun | null;
  data: SellPrepareData;
};

/**
 * What listing will take, one sentence a step, before any wallet opens: each transaction, each signature, the post;
 * while it runs, which step it is at and what it waits for.
 */
export function SellSteps({ steps, run }: SellStepsProps) {
  const { t } = useSellTexts();
  if (steps.length === 0) return null;
  const stateOf = (index: number): StepState => {
    if (!run) return 'planned';
    if (index < run.current) return 'done';
    return index === run.current ? 'current' : 'planned';
  };
  const sentences = [...steps.map((step) => sentence(step, run, t)), t('sell.steps.post')];
  return (
    <section aria-label={t('sell.steps.title')} data-testid="sell-steps" className="flex flex-col gap-1">
      <h3 className="text-[11px] text-faint">{t('sell.steps.title')}</h3>
      <ol className="flex flex-col gap-1 text-[12px]">
        {sentences.map((text, index) => {
          const state = stateOf(index);
          return (
            <li
              key={index}
              data-testid="sell-step"
              data-kind={steps[index]?.kind ?? 'post'}
              data-state={state}
              className={clsx('flex gap-2', state === 'done' ? 'text-faint' : 'text-muted')}
            >
              <span
                aria-hidden
                className={clsx(
                  'mt-px grid size-4 shrink-0 place-items-center rounded-full border text-[10px] leading-none',
                  state === 'current' ? 'border-accent text-accent' : 'border-line',
                )}
              >
                {state === 'done' && <Check size={10} />}
                {state === 'current' && <LoaderCircle size={10} className="animate-spin" />}
                {state === 'planned' && index + 1}
              </span>
              <span className="min-w-0">
                {text}
                {state === 'current' && run && (
                  <span data-testid="sell-waiting" className="ml-1 font-semibold text-fg">
                    {t(`sell.waiting.${run.waiting}`)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type Translate = ReturnType<typeof useSellTexts>['t'];

function sentence(step: SellStep, run: SellRun | null, t: Translate): string {
  switch (step.kind) {
    case 'cancel': {
      const text = t('sell.steps.cancel', {
        price: formatEth(step.priceWei),
        marketplace: marketplaceName(step.marketplace),
      });
      const fee = run?.cancelFeeWei;
      return fee ? `${text} ${t('sell.steps.cancel_fee', { fee: formatEth(fee, 6) })}` : text;
    }
    case 'approve':
      return t(`sell.steps.approve_${step.marketplace}`, { collection: step.name ?? shortAddress(step.collection) });
    case 'grant':
      return t('sell.steps.grant', { wallet: shortAddress(step.wallet) });
    case 'sign':
      return t('sell.steps.sign', { count: step.count, marketplace: marketplaceName(step.marketplace) });
  }
}
