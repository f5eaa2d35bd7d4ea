import { useTranslation } from 'react-i18next';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { useBillingTexts } from '../../../lib/billing-texts';
import { useSession } from '../../../stores/session-store';
import { usePlans, useSubscription } from '../api';
import { CodesSection } from './codes-section';
import { PlanOffer } from './plan-offer';
import { StatusCard } from './status-card';

/** /plans: where the user stands, the five plans at their prices with Pay, and the codes that lower them. */
export default function PlansPage() {
  const t = useBillingTexts();
  const { t: appText } = useTranslation();
  const token = useSession((state) => state.token);
  const plans = usePlans();
  const subscription = useSubscription();
  return (
    <PageFrame title={appText('route.plans.title')} description={appText('route.plans.description')}>
      <div className="mt-4 flex flex-col gap-5">
        <StatusCard />
        {plans.isError || plans.isPending ? (
          <LoadingOrFailed query={plans} message={t('billing.plans.error')} retry={t('billing.plans.retry')} />
        ) : (
          <PlanOffer data={plans.data} />
        )}
        {token && <CodesSection identity={subscription.data?.identity ?? plans.data?.identity} />}
      </div>
    </PageFrame>
  );
}
