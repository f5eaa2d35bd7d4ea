import { INVITEE_DISCOUNT_BPS, INVITER_BONUS_DAYS } from '@floordesk/protocol';
import type { UseMutationResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Loading, LoadFailed } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api-client';
import { formatEth, shortAddress } from '../../../lib/format';
import { useCommunity, useInvitation, useInvitationChange, useJoinCommunity } from '../api';
import { useBillingTexts } from '../../../lib/billing-texts';
import { CopyButton } from '../../../components/ui/copy-button';

const PERCENT = INVITEE_DISCOUNT_BPS / 100;

/** The server's reason for a refusal; other failures (no answer at all) the API client has already told. */
function refusal(error: unknown): string | null {
  return error instanceof ApiError && (error.kind === 'status' || error.kind === 'http') ? error.message : null;
}

/** One code to enter: a field, its button, then the server's refusal or what the code did. */
function CodeForm<T>({
  label,
  placeholder,
  submit,
  mutation,
  done,
}: {
  label: string;
  placeholder: string;
  submit: string;
  mutation: UseMutationResult<T, Error, string>;
  done: (data: T) => string;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    mutation.mutate(code.trim(), {
      onSuccess: (data) => {
        setCode('');
        setSuccess(done(data));
      },
    });
  };
  const error = mutation.isError ? refusal(mutation.error) : null;
  return (
    <form onSubmit={onSubmit} className="mt-3" noValidate>
      <label htmlFor={id} className="text-[12px] text-muted">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            mutation.reset();
            setSuccess(null);
          }}
          placeholder={placeholder}
          aria-invalid={error !== null}
          spellCheck={false}
          autoComplete="off"
          maxLength={64}
          className="h-7 min-w-0 flex-1 rounded-md border border-line bg-canvas px-2 font-mono text-[12px] text-fg placeholder:font-sans placeholder:text-faint aria-[invalid=true]:border-danger"
        />
        <button type="submit" className="button-secondary" disabled={mutation.isPending || code.trim() === ''}>
          {mutation.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
          {submit}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-[12px] text-danger">
          {error}
        </p>
      )}
      {success && <output className="mt-1 block text-[12px] text-accent">{success}</output>}
    </form>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-panel p-3">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function InvitationCard() {
  const t = useBillingTexts();
  const invitation = useInvitation();
  const setOwn = useInvitationChange('set');
  const adopt = useInvitationChange('use');
  if (invitation.isError) {
    return (
      <Card title={t('billing.codes.invitation')}>
        <LoadFailed
          inline
          className="mt-2"
          message={t('billing.codes.error')}
          retry={t('billing.codes.retry')}
          onRetry={() => void invitation.refetch()}
        />
      </Card>
    );
  }
  if (invitation.isPending) {
    return (
      <Card title={t('billing.codes.invitation')}>
        <Loading className="mt-2" />
      </Card>
    );
  }
  const { code, invited_by, invitees, rewarded } = invitation.data;
  return (
    <Card title={t('billing.codes.invitation')}>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-[12px] text-muted">{t('billing.codes.yours')}</span>
        <span className="flex items-center gap-1">
          <span data-testid="invitation-code" className="font-mono text-[14px] font-semibold text-fg">
            {code}
          </span>
          <CopyButton value={code} label={t('billing.codes.copy')} copiedLabel={t('billing.codes.copied')} />
        </span>
        <span className="text-[12px] text-faint">{t('billing.codes.stats', { invitees, rewarded })}</span>
      </div>
      <p className="mt-1 text-[12px] text-muted">
        {t('billing.codes.yours_hint', { percent: PERCENT, days: INVITER_BONUS_DAYS })}
      </p>
      <CodeForm
        label={t('billing.codes.custom')}
        placeholder={t('billing.codes.custom_placeholder')}
        submit={t('billing.codes.save')}
        mutation={setOwn}
        done={(data) => t('billing.codes.saved', { code: data.code })}
      />
      {invited_by ? (
        <p className="mt-3 text-[12px] text-muted">
          {t('billing.codes.invited_by', { address: shortAddress(invited_by) })}
        </p>
      ) : (
        <CodeForm
          label={t('billing.codes.use')}
          placeholder={t('billing.codes.use_placeholder')}
          submit={t('billing.codes.apply')}
          mutation={adopt}
          done={() => t('billing.codes.applied', { percent: PERCENT })}
        />
      )}
    </Card>
  );
}

function CommunityCard({ identity }: { identity: string | undefined }) {
  const t = useBillingTexts();
  const community = useCommunity(identity);
  const join = useJoinCommunity();
  return (
    <Card title={t('billing.codes.community')}>
      {community.data ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="own-community">
          <span className="text-[12px] text-muted">{t('billing.codes.manager')}</span>
          <span className="flex items-center gap-1">
            <span className="font-mono text-[14px] font-semibold text-fg">{community.data.code}</span>
            <CopyButton
              value={community.data.code}
              label={t('billing.codes.copy')}
              copiedLabel={t('billing.codes.copied')}
            />
          </span>
          <span className="text-[12px] text-faint">
            {t('billing.codes.manager_line', {
              name: community.data.name,
              price: formatEth(community.data.half_year_price),
            })}
          </span>
        </div>
      ) : (
        <p className="mt-1 text-[12px] text-muted">{t('billing.codes.community_hint')}</p>
      )}
      <CodeForm
        label={t('billing.codes.community')}
        placeholder={t('billing.codes.community_placeholder')}
        submit={t('billing.codes.apply')}
        mutation={join}
        done={(data) => t('billing.codes.joined', { name: data.name, price: formatEth(data.half_year_price) })}
      />
    </Card>
  );
}

/** "Have a code?": the user's invitation code (to share or choose), someone's to use, and a community's. */
export function CodesSection({ identity }: { identity: string | undefined }) {
  const t = useBillingTexts();
  return (
    <section aria-label={t('billing.codes.label')}>
      <h2 className="mb-2 font-semibold">{t('billing.codes.label')}</h2>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
        <InvitationCard />
        <CommunityCard identity={identity} />
      </div>
    </section>
  );
}
