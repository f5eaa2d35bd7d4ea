import type { GrantItem, PaymentItem, SubscriptionData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { TransactionHash } from '../../../components/ui/transaction-hash';
import { useBillingTexts } from '../../../lib/billing-texts';
import { formatDate } from '../../../lib/dates';
import { formatCount, formatEth } from '../../../lib/format';
import { useAppConfig } from '../../../lib/api/app-config';
import { useSubscription } from '../api';
import { planName } from './labels';
import { CopyButton } from '../../../components/ui/copy-button';

const DATE = 'YYYY-MM-DD HH:mm';

function PaymentRow({
  payment,
  required,
  chainId,
}: {
  payment: PaymentItem;
  required: number;
  chainId: number | null;
}) {
  const t = useBillingTexts();
  return (
    <tr
      data-testid="payment-row"
      data-hash={payment.tx_hash}
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-2 md:table-row md:h-9 md:py-0"
    >
      <td className="text-muted">{formatDate(payment.block_time, DATE)}</td>
      <td className="text-right md:text-left">{planName(payment.plan, t)}</td>
      <td className="font-mono md:text-right">
        {formatEth(payment.price)}
        {/* The table's header names the unit; the phone layout has no header. */}
        <span className="md:hidden"> ETH</span>
      </td>
      <td className="text-right md:pl-4 md:text-left">
        <span className="inline-flex items-center gap-1" title={payment.tx_hash}>
          <TransactionHash chainId={chainId} hash={payment.tx_hash} />
          <CopyButton value={payment.tx_hash} label={t('billing.codes.copy')} copiedLabel={t('billing.codes.copied')} />
        </span>
      </td>
      <td className="font-mono text-muted md:text-right">#{formatCount(payment.block_number)}</td>
      <td data-testid="payment-confirmations" className="text-right font-mono">
        {Math.min(payment.confirmations, required)}/{required}
      </td>
      <td className="col-span-2 md:pl-4 md:text-right">
        <span
          data-testid="payment-status"
          className={clsx(
            'rounded-sm px-1.5 text-[11px] leading-4 font-semibold',
            payment.credited ? 'bg-accent/15 text-accent' : 'bg-warn/15 text-warn',
          )}
        >
          {payment.credited ? t('billing.verify.credited') : t('billing.verify.pending')}
        </span>
      </td>
    </tr>
  );
}

function Payments({ subscription, chainId }: { subscription: SubscriptionData; chainId: number | null }) {
  const t = useBillingTexts();
  if (subscription.payments.length === 0) {
    return (
      <div data-testid="payments-empty" className="flex flex-col items-start gap-2 rounded-md border border-line p-4">
        <p className="text-muted">{t('billing.verify.empty')}</p>
        <Link to="/plans" className="button-secondary">
          {t('billing.verify.to_plans')}
        </Link>
      </div>
    );
  }
  return (
    <table className="w-full text-left" data-testid="payments-table">
      <thead className="hidden text-[11px] text-faint md:table-header-group">
        <tr className="h-7">
          <th className="font-normal">{t('billing.verify.col.time')}</th>
          <th className="font-normal">{t('billing.verify.col.plan')}</th>
          <th className="text-right font-normal">{t('billing.verify.col.price')}</th>
          <th className="pl-4 font-normal">{t('billing.verify.col.tx')}</th>
          <th className="text-right font-normal">{t('billing.verify.col.block')}</th>
          <th className="text-right font-normal">{t('billing.verify.col.confirmations')}</th>
          <th className="pl-4 text-right font-normal">{t('billing.verify.col.status')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {subscription.payments.map((payment) => (
          <PaymentRow
            key={`${payment.tx_hash}:${payment.log_index}`}
            payment={payment}
            required={subscription.confirmations}
            chainId={chainId}
          />
        ))}
      </tbody>
    </table>
  );
}

function Grants({ grants }: { grants: readonly GrantItem[] }) {
  const t = useBillingTexts();
  return (
    <ol className="flex flex-col border-l border-line pl-3" data-testid="grants">
      {grants.map((grant) => (
        <li
          key={`${grant.kind}:${grant.at}:${grant.ends_at}`}
          data-testid="grant"
          className="relative flex flex-wrap items-baseline gap-x-3 py-1"
        >
          <span aria-hidden className="absolute top-2.5 -left-[15.5px] size-1.5 rounded-full bg-accent" />
          <span className="w-32 shrink-0 text-muted">{formatDate(grant.at, DATE)}</span>
          <span className="font-semibold">{t(`billing.verify.grant.${grant.kind}`)}</span>
          <span className="font-mono text-accent">{t('billing.verify.days', { count: grant.days })}</span>
          <span className="text-faint">
            {t('billing.verify.ends_after', { date: formatDate(grant.ends_at, DATE) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * /verification, "Payment verification": what FloorDesk has on record of the caller's on-chain payments (each with
 * its confirmations and whether it is credited), the grants that make up the membership, and when it ends.
 */
export default function VerificationPage() {
  const t = useBillingTexts();
  const { t: appText } = useTranslation();
  const subscription = useSubscription();
  const config = useAppConfig();
  const chainId = config.data?.chain_id ?? null;
  return (
    <PageFrame title={t('billing.verify.title')} description={appText('route.verification.description')}>
      {subscription.isError || subscription.isPending ? (
        <LoadingOrFailed
          query={subscription}
          message={t('billing.verify.error')}
          retry={t('billing.verify.retry')}
          className="mt-6"
        />
      ) : (
        <div className="mt-4 flex max-w-5xl flex-col gap-5">
          <div className="rounded-md border border-line bg-panel px-3 py-2.5">
            <p data-testid="membership-end" className="text-[15px] font-semibold">
              {subscription.data.end_flag !== 0
                ? t('billing.verify.end', { date: formatDate(subscription.data.end_flag, DATE) })
                : t('billing.verify.no_end')}
            </p>
            {subscription.data.granted && <p className="mt-0.5 text-muted">{t('billing.verify.granted')}</p>}
          </div>
          <section aria-label={t('billing.verify.payments')}>
            <h2 className="font-semibold">{t('billing.verify.payments')}</h2>
            <p data-testid="confirmation-rule" className="mt-0.5 mb-2 text-[12px] text-muted">
              {t('billing.verify.rule', { count: subscription.data.confirmations })}
            </p>
            <Payments subscription={subscription.data} chainId={chainId} />
          </section>
          {subscription.data.grants.length > 0 && (
            <section aria-label={t('billing.verify.grants')}>
              <h2 className="mb-2 font-semibold">{t('billing.verify.grants')}</h2>
              <Grants grants={subscription.data.grants} />
            </section>
          )}
        </div>
      )}
    </PageFrame>
  );
}
