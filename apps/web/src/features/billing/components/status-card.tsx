import type { SubscriptionData } from '@floordesk/protocol';
import { BadgeCheck, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Loading, LoadFailed } from '../../../components/ui/load-state';
import { formatDate } from '../../../lib/dates';
import { currentPath, navigateTo } from '../../../lib/navigation';
import { signInPath } from '../../../lib/redirect';
import { useSession } from '../../../stores/session-store';
import { useSubscription } from '../api';
import { identityName } from './labels';
import { type BillingT, useBillingTexts } from '../../../lib/billing-texts';

const DATE = 'YYYY-MM-DD HH:mm';

/** "Member until …", "Trial until …" or "Not a member": a running trial that sets the end is the trial's. */
function membershipLine(subscription: SubscriptionData, t: BillingT): string {
  const { end_flag, trial } = subscription;
  if (end_flag === 0) return subscription.granted ? t('billing.status.granted') : t('billing.status.not_member');
  if (trial && trial.ends_at >= end_flag && trial.ends_at * 1000 > Date.now()) {
    return t('billing.status.trial_until', { date: formatDate(trial.ends_at, DATE) });
  }
  return t('billing.status.member_until', { date: formatDate(end_flag, DATE) });
}

/** Where the signed-in user stands (membership, identity); a visitor is asked to sign in. */
export function StatusCard() {
  const t = useBillingTexts();
  const token = useSession((state) => state.token);
  const subscription = useSubscription();

  if (!token) {
    return (
      <div
        data-testid="status-card"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line bg-panel px-3 py-2.5"
      >
        <p className="text-muted">{t('billing.status.visitor')}</p>
        <button
          type="button"
          className="button-secondary gap-1.5"
          onClick={() => navigateTo(signInPath(currentPath()))}
        >
          <LogIn size={13} aria-hidden />
          {t('billing.status.sign_in')}
        </button>
      </div>
    );
  }

  return (
    <section
      data-testid="status-card"
      aria-label={t('billing.status.label')}
      className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md border border-line bg-panel px-3 py-2.5"
    >
      {subscription.isError ? (
        <LoadFailed
          inline
          message={t('billing.status.error')}
          retry={t('billing.status.retry')}
          onRetry={() => void subscription.refetch()}
        />
      ) : subscription.isPending ? (
        <Loading />
      ) : (
        <>
          <div className="min-w-0">
            <p className="text-[11px] text-faint">{t('billing.status.label')}</p>
            <p data-testid="membership" className="flex items-center gap-1.5 text-[15px] font-semibold text-fg">
              {subscription.data.end_flag !== 0 && <BadgeCheck size={15} className="text-accent" aria-hidden />}
              {membershipLine(subscription.data, t)}
            </p>
          </div>
          <div>
            <p className="text-[11px] text-faint">{t('billing.status.identity')}</p>
            <p data-testid="identity" className="font-semibold">
              {identityName(subscription.data.identity, t)}
            </p>
          </div>
          {subscription.data.granted && subscription.data.end_flag !== 0 && (
            <span className="rounded-sm bg-accent/15 px-1.5 text-[11px] font-semibold text-accent">
              {t('billing.status.granted')}
            </span>
          )}
          <Link to="/verification" className="ml-auto text-[12px] text-accent hover:underline">
            {t('billing.status.record')}
          </Link>
        </>
      )}
    </section>
  );
}
