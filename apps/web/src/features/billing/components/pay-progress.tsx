import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock, LoaderCircle, X } from 'lucide-react';
import { Link } from 'react-router';
import { TransactionHash } from '../../../components/ui/transaction-hash';
import { formatDate } from '../../../lib/dates';
import { dismissPayRun, isPayBusy, type PayRun } from '../pay-flow';
import { planName } from './labels';
import { type BillingT, useBillingTexts } from '../../../lib/billing-texts';
import { CopyButton } from '../../../components/ui/copy-button';

function phaseText(run: PayRun, t: BillingT): string {
  switch (run.phase) {
    case 'confirming':
      return t('billing.pay.confirming', { n: run.confirmations, total: run.required });
    case 'confirmed':
      return t('billing.pay.confirmed', { date: formatDate(run.endsAt ?? 0, 'YYYY-MM-DD HH:mm') });
    case 'failed':
    case 'unconfirmed':
      return run.message ?? t('billing.pay.failed');
    default:
      return t(`billing.pay.${run.phase}`);
  }
}

/** How the payment goes: quote, wallet, chain, confirmations, credited; or why it stopped. */
export function PayProgress({ run }: { run: PayRun }) {
  const t = useBillingTexts();
  const busy = isPayBusy(run);
  const Icon =
    run.phase === 'confirmed'
      ? CircleCheck
      : run.phase === 'failed'
        ? CircleX
        : run.phase === 'unconfirmed'
          ? Clock
          : null;
  return (
    <section
      aria-label={t('billing.pay.label')}
      data-testid="pay-progress"
      data-phase={run.phase}
      className={clsx(
        'flex flex-wrap items-center gap-x-4 gap-y-1.5 rounded-md border px-3 py-2',
        run.phase === 'confirmed' && 'border-accent/40 bg-accent/10',
        run.phase === 'failed' && 'border-danger/40 bg-danger/10',
        run.phase === 'unconfirmed' && 'border-warn/40 bg-warn/10',
        busy && 'border-line bg-panel',
      )}
    >
      <span className="font-semibold">{planName(run.plan, t)}</span>
      <output
        data-testid="pay-status"
        className={clsx(
          'flex min-w-0 items-center gap-1.5',
          run.phase === 'confirmed' && 'text-accent',
          run.phase === 'failed' && 'text-danger',
          run.phase === 'unconfirmed' && 'text-warn',
        )}
      >
        {busy ? (
          <LoaderCircle size={13} className="shrink-0 animate-spin" aria-hidden />
        ) : (
          Icon && <Icon size={14} className="shrink-0" aria-hidden />
        )}
        {phaseText(run, t)}
      </output>
      {run.txHash && (
        <span className="flex items-center gap-1 text-[12px] text-muted" data-testid="pay-tx" title={run.txHash}>
          {t('billing.pay.transaction')}
          <span className="text-fg">
            <TransactionHash chainId={run.chainId} hash={run.txHash} />
          </span>
          <CopyButton value={run.txHash} label={t('billing.codes.copy')} copiedLabel={t('billing.codes.copied')} />
        </span>
      )}
      {!busy && (
        <span className="ml-auto flex items-center gap-2">
          {run.txHash && (
            <Link to="/verification" className="text-[12px] text-accent hover:underline">
              {t('billing.pay.record')}
            </Link>
          )}
          <button
            type="button"
            className="icon-button size-6"
            aria-label={t('billing.pay.close')}
            title={t('billing.pay.close')}
            onClick={dismissPayRun}
          >
            <X size={14} aria-hidden />
          </button>
        </span>
      )}
    </section>
  );
}
