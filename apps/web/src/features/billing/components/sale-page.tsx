import { PROMOTION_SLUGS, type PromotionSlug, type PromotionView } from '@floordesk/protocol';
import { CalendarClock, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadingOrFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { useBillingTexts } from '../../../lib/billing-texts';
import { formatDate } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import { usePlans } from '../api';
import { formatTimeLeft } from '../countdown';
import { PlanOffer } from './plan-offer';

const DATE = 'YYYY-MM-DD HH:mm';

/** The sale this page shows: its route's path is its slug (the router matches paths without case). */
function useSaleSlug(): PromotionSlug | null {
  const { pathname } = useLocation();
  const name = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  return PROMOTION_SLUGS.find((slug) => slug.toLowerCase() === name) ?? null;
}

function ToPlans() {
  const t = useBillingTexts();
  return (
    <Link to="/plans" className="button-secondary self-start">
      {t('billing.sale.to_plans')}
    </Link>
  );
}

/** The state the sale is in by the clock: the server's, until a start or an end it named has passed. */
function stateAt(promotion: PromotionView, now: number): PromotionView['state'] {
  if (promotion.state === 'live' && now >= promotion.ends_at) return 'ended';
  return promotion.state;
}

function Sale({ promotion, now }: { promotion: PromotionView; now: number }) {
  const t = useBillingTexts();
  const state = stateAt(promotion, now);
  if (state === 'ended') {
    return (
      <div className="flex flex-col gap-3">
        <p
          data-testid="sale-ended"
          className="rounded-md border border-line bg-panel px-4 py-5 text-center text-[16px] font-semibold text-fg"
        >
          {promotion.ended_message.trim() || t('billing.sale.ended')}
        </p>
        <ToPlans />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {promotion.body && <p className="max-w-3xl whitespace-pre-line text-fg">{promotion.body}</p>}
      {state === 'upcoming' ? (
        <>
          <p data-testid="sale-starts" className="flex items-center gap-1.5 font-semibold text-warn">
            <CalendarClock size={14} aria-hidden />
            {t('billing.sale.starts', {
              date: formatDate(promotion.starts_at, DATE),
              left: formatTimeLeft(promotion.starts_at - now, t),
            })}
          </p>
          <ToPlans />
        </>
      ) : (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
          <span data-testid="sale-countdown" className="flex items-center gap-1.5 font-semibold text-accent">
            <Timer size={14} aria-hidden />
            {t('billing.sale.ends_in', { left: formatTimeLeft(promotion.ends_at - now, t) })}
          </span>
          <span className="text-[12px] text-faint">
            {t('billing.sale.ends_at', { date: formatDate(promotion.ends_at, DATE) })}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The sale pages (/spring, /promo, /FlashSale and the rest of PROMOTION_SLUGS): one page over the sale the server
 * has for the route's slug. Live, it shows the plans at the sale's prices and pays from here; otherwise it says
 * when the sale starts, that it has ended, or that there is none, and points to /plans.
 */
export default function SalePage() {
  const t = useBillingTexts();
  const slug = useSaleSlug();
  const plans = usePlans(slug ?? undefined);
  // A countdown in minutes needs the time once a minute.
  const now = useNow(60_000);
  const promotion = slug ? (plans.data?.promotion ?? null) : null;

  // A start or an end passing while the page is open: the server says what the sale is now, once per boundary.
  const asked = useRef<number | null>(null);
  const boundary =
    promotion?.state === 'upcoming' ? promotion.starts_at : promotion?.state === 'live' ? promotion.ends_at : null;
  const { refetch } = plans;
  useEffect(() => {
    if (boundary === null || now < boundary || asked.current === boundary) return;
    asked.current = boundary;
    void refetch();
  }, [boundary, now, refetch]);

  return (
    <PageFrame title={promotion?.title || t('billing.sale.title')} description={t('billing.sale.description')}>
      <div className="mt-4 flex flex-col gap-4">
        {plans.isError || plans.isPending ? (
          <LoadingOrFailed query={plans} message={t('billing.sale.error')} retry={t('billing.sale.retry')} />
        ) : promotion === null ? (
          <div className="flex flex-col gap-3">
            <p data-testid="sale-none" className="text-[15px] text-muted">
              {t('billing.sale.none')}
            </p>
            <ToPlans />
          </div>
        ) : (
          <>
            <Sale promotion={promotion} now={now} />
            {stateAt(promotion, now) === 'live' && slug && <PlanOffer data={plans.data} promotion={slug} />}
          </>
        )}
      </div>
    </PageFrame>
  );
}
