import { TRIAL_CODES_PER_MONTH, TRIAL_DAYS } from '@floordesk/protocol';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Loading, LoadFailed } from '../../../components/ui/load-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { SignInPrompt } from '../../../components/ui/sign-in-prompt';
import { useTrialTexts } from '../../../lib/trial-texts';
import { useSession } from '../../../stores/session-store';
import { useTrialCodes } from '../api';
import { MemberCodes } from './member-codes';
import { RedeemTrial } from './redeem-trial';

/**
 * /activity: trial codes. Members hand out their monthly codes from here; everyone else redeems one for a week of
 * premium. Visitors read what a trial is and are asked to sign in. The page stays put when the wallet's account
 * changes (its route opts out of that redirect) and shows the new account's codes instead.
 */
export default function TrialPage() {
  const { t } = useTranslation();
  const texts = useTrialTexts();
  const token = useSession((state) => state.token);
  return (
    <PageFrame title={t('route.activity.title')} description={t('route.activity.description')}>
      <div className="mt-4 flex max-w-2xl flex-col gap-6">
        <section className="flex gap-3 rounded-md border border-line bg-panel p-3">
          <Gift size={18} className="mt-0.5 shrink-0 text-accent" aria-hidden />
          <div>
            <h2 className="font-semibold">{texts.t('trial.about_title')}</h2>
            <p className="mt-1 text-muted">
              {texts.t('trial.about', { days: TRIAL_DAYS, per_month: TRIAL_CODES_PER_MONTH })}
            </p>
          </div>
        </section>
        {token ? (
          <SignedIn key={token} />
        ) : (
          <SignInPrompt prompt={texts.t('trial.sign_in_prompt')} action={texts.t('trial.sign_in')} />
        )}
      </div>
    </PageFrame>
  );
}

/** Keyed by the address: another account starts with its own codes and an empty form. */
function SignedIn() {
  const { t } = useTrialTexts();
  const codes = useTrialCodes();
  if (codes.isError) {
    return (
      <LoadFailed
        inline
        message={t('trial.load_error')}
        retry={t('trial.retry')}
        onRetry={() => void codes.refetch()}
      />
    );
  }
  if (codes.isPending) return <Loading />;
  return codes.data.member ? <MemberCodes data={codes.data} /> : <RedeemTrial trial={codes.data.trial} />;
}
