import { isPlanId, PLAN, type PlanPrice, type PlansData, type PromotionSlug } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatEth } from '../../../lib/format';
import { usePreloadWalletActions } from '../../../lib/wallet/load-wallet-actions';
import { isPayBusy, type PayRun, usePayRun } from '../pay-flow';
import { usePay } from '../use-pay';
import { planName, reasonName } from './labels';
import { PayProgress } from './pay-progress';
import { useBillingTexts } from '../../../lib/billing-texts';

const linkClass = 'text-accent hover:underline';

/** A sentence with `{{name}}` placeholders, each replaced by its element (a link). */
function withLinks(text: string, links: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/{{(\w+)}}/)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{links[part] ?? part}</Fragment> : part));
}

function PlanCard({
  plan,
  run,
  payable,
  onPay,
}: {
  plan: PlanPrice;
  run: PayRun | null;
  payable: boolean;
  onPay: () => void;
}) {
  const t = useBillingTexts();
  const popular = plan.plan === PLAN.halfYear;
  const price = BigInt(plan.price);
  const discounted = price < BigInt(plan.list_price);
  // An ordinary price is the identity's too; only a price below the list says why.
  const reason = plan.reason !== 'identity' || discounted ? reasonName(plan.reason, t) : null;
  const name = planName(plan.plan, t);
  const paying = isPayBusy(run) && run?.plan === plan.plan;
  return (
    // A row (what, then Pay) on phones; a card with Pay at its foot from 560 px, where the cards sit side by side.
    <li
      data-testid="plan-card"
      data-plan={plan.plan}
      className={clsx(
        'grid min-w-0 grid-cols-[1fr_auto] items-center gap-x-3 rounded-md border bg-panel px-3 py-2.5',
        'min-[560px]:flex min-[560px]:flex-col min-[560px]:items-stretch min-[560px]:py-3',
        popular ? 'border-accent/60 ring-1 ring-accent/25' : 'border-line',
      )}
    >
      <div className="min-w-0 min-[560px]:flex-1">
        <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-2">
          <h3 className="font-semibold">
            {name}
            <span className="ml-2 text-[11px] font-normal text-faint min-[560px]:hidden">
              {t('billing.plans.days', { count: plan.days })}
            </span>
          </h3>
          {popular && (
            <span className="rounded-sm bg-accent/15 px-1.5 text-[10px] leading-4 font-semibold text-accent">
              {t('billing.plans.popular')}
            </span>
          )}
        </div>
        <p className="hidden text-[11px] text-faint min-[560px]:block">
          {t('billing.plans.days', { count: plan.days })}
        </p>
        <p className="flex flex-wrap items-baseline gap-x-2 min-[560px]:mt-2">
          <span>
            <span
              data-testid="plan-price"
              className="font-mono text-[18px] leading-6 font-semibold text-fg min-[560px]:text-[20px]"
            >
              {formatEth(price)}
            </span>{' '}
            <span className="text-muted">ETH</span>
          </span>
          {discounted && (
            <s data-testid="plan-list-price" className="font-mono text-faint" title={t('billing.plans.list_price')}>
              <span className="sr-only">{t('billing.plans.list_price')} </span>
              {formatEth(plan.list_price)}
            </s>
          )}
        </p>
        <p className="text-[11px] text-muted">
          {t('billing.plans.per_month', { price: formatEth(price / BigInt(Math.max(1, plan.months))) })}
        </p>
        <div className={clsx('mt-1 h-5 items-center min-[560px]:mb-3 min-[560px]:flex', reason ? 'flex' : 'hidden')}>
          {reason && (
            <span
              data-testid="plan-reason"
              className="rounded-sm border border-accent/40 px-1 text-[10px] leading-4 font-semibold text-accent"
            >
              {reason}
            </span>
          )}
        </div>
      </div>
      <button
        type="button"
        className="button-primary min-w-20 min-[560px]:w-full"
        aria-label={t('billing.plans.pay_plan', { plan: name })}
        disabled={!payable}
        onClick={onPay}
      >
        {paying && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
        {t('billing.plans.pay')}
      </button>
    </li>
  );
}

/**
 * The plans with their prices, the agreement and Pay: one for /plans and every sale page (`promotion`, whose
 * prices the plans already carry and which the quote is asked for).
 */
export function PlanOffer({ data, promotion }: { data: PlansData; promotion?: PromotionSlug }) {
  const t = useBillingTexts();
  const pay = usePay();
  const run = usePayRun();
  const [agreed, setAgreed] = useState(false);
  const [askedToAgree, setAskedToAgree] = useState(false);
  const closed = data.contract === null;
  // Paying needs the wallet code: fetch it once the user has agreed.
  usePreloadWalletActions(agreed && !closed);
  const plans = data.plans.toSorted((a, b) => a.plan - b.plan);

  const onPay = (plan: PlanPrice) => {
    if (!agreed) {
      setAskedToAgree(true);
      return;
    }
    if (!isPlanId(plan.plan)) return;
    pay({ plan: plan.plan, ...(promotion ? { promotion } : {}), chainId: data.chain_id });
  };

  return (
    <section aria-label={t('billing.plans.label')} className="flex flex-col gap-3">
      {closed && (
        <p
          role="note"
          data-testid="no-contract"
          className="flex items-center gap-2 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-warn"
        >
          <TriangleAlert size={14} className="shrink-0" aria-hidden />
          {t('billing.plans.no_contract')}
        </p>
      )}
      <div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setAskedToAgree(false);
            }}
            className="mt-0.5 size-3.5 shrink-0 accent-[var(--accent)]"
          />
          <span>
            {withLinks(t('billing.agree.label', { disclaimer: '{{disclaimer}}', terms: '{{terms}}' }), {
              disclaimer: (
                <Link to="/disclaimer" className={linkClass}>
                  {t('billing.agree.disclaimer')}
                </Link>
              ),
              terms: (
                <Link to="/terms" className={linkClass}>
                  {t('billing.agree.terms')}
                </Link>
              ),
            })}
          </span>
        </label>
        {askedToAgree && !agreed && (
          <p role="alert" data-testid="agree-required" className="mt-1 text-[12px] text-danger">
            {t('billing.agree.required')}
          </p>
        )}
      </div>
      {run && <PayProgress run={run} />}
      {/* Arbitrary breakpoints only: Tailwind puts them before the named ones, which would win over them. */}
      <ul className="grid grid-cols-1 gap-2 min-[560px]:grid-cols-2 min-[800px]:grid-cols-3 min-[1100px]:grid-cols-5">
        {plans.map((plan) => (
          <PlanCard
            key={plan.plan}
            plan={plan}
            run={run}
            payable={!closed && !isPayBusy(run)}
            onPay={() => onPay(plan)}
          />
        ))}
      </ul>
    </section>
  );
}
