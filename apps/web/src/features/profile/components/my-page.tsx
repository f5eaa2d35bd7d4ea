import { OWN_WALLETS_MAX_ADDED, type WalletItem } from '@floordesk/protocol';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAddress } from 'viem';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { formatDate } from '../../../lib/dates';
import { shortAddress } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useWallets } from '../../../lib/api/wallets';
import { useSubscription, useWalletChange } from '../api';
import { Loading, LoadFailed } from '../../../components/ui/load-state';

function WalletRow({ wallet, onRemove }: { wallet: WalletItem; onRemove: (address: string) => void }) {
  const { t } = useTranslation();
  return (
    <li data-testid="wallet-row" data-address={wallet.address} className="flex h-10 items-center gap-2 px-1">
      <div className="min-w-0 flex-1 leading-tight">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-semibold">{wallet.ens ?? shortAddress(wallet.address)}</span>
          {wallet.primary && (
            <span className="shrink-0 rounded-sm bg-accent/15 px-1 text-[10px] font-semibold text-accent">
              {t('profile.primary')}
            </span>
          )}
        </div>
        <div className="truncate font-mono text-[11px] text-faint">{wallet.address}</div>
      </div>
      <CopyButton value={wallet.address} label={t('profile.copy')} copiedLabel={t('profile.copied')} large />
      {wallet.primary ? (
        // The signed-in wallet cannot be removed; its empty slot keeps every row's copy button in one column.
        <span className="size-7 shrink-0" aria-hidden />
      ) : (
        <button
          type="button"
          className="icon-button size-7 hover:text-danger"
          aria-label={t('profile.remove')}
          title={t('profile.remove')}
          onClick={() => onRemove(wallet.address)}
        >
          <Trash2 size={14} aria-hidden />
        </button>
      )}
    </li>
  );
}

/** The subscription: premium until when (a trial's, the operator's grant), or none; the plans renew or start one. */
function Subscription() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  if (subscription.isPending || subscription.isError) return null;
  const { end_flag: end, granted, trial } = subscription.data;
  const status = granted
    ? t('profile.granted')
    : end === 0
      ? t('profile.not_subscribed')
      : t(trial?.ends_at === end ? 'profile.trial_until' : 'profile.premium_until', {
          date: formatDate(end, 'YYYY-MM-DD HH:mm'),
        });
  return (
    <section className="mt-6 max-w-2xl">
      <h2 className="border-b border-line pb-2 font-semibold">{t('profile.subscription')}</h2>
      <div className="mt-3 flex items-center justify-between gap-3">
        <p data-testid="subscription-status" className={end === 0 && !granted ? 'text-muted' : 'text-fg'}>
          {status}
        </p>
        {!granted && (
          <Link to="/plans" className="button-secondary h-8 shrink-0">
            {end === 0 ? t('profile.see_plans') : t('profile.renew')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** /my: who the user is (ENS name or short address), their subscription, and their own wallets, which they add and remove here. */
export default function MyPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const ens = useSession((state) => state.ens);
  const wallets = useWallets();
  const add = useWalletChange('add');
  const remove = useWalletChange('delete');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const added = (wallets.data?.list.length ?? 1) - 1;
  const full = added >= OWN_WALLETS_MAX_ADDED;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = text.trim();
    if (!isAddress(address, { strict: false })) {
      setInvalid(true);
      return;
    }
    add.mutate(address, { onSuccess: () => setText('') });
  };

  return (
    <PageFrame title={t('route.my.title')} description={t('route.my.description')}>
      {token && (
        <div className="mt-4 flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent/15 font-semibold text-accent">
            {(ens ?? token.slice(2, 4)).slice(0, 2).toUpperCase()}
          </span>
          <div className="min-w-0 leading-tight">
            <p data-testid="profile-name" className="truncate text-[15px] font-semibold">
              {ens ?? shortAddress(token)}
            </p>
            <p className="flex min-w-0 items-center gap-1 font-mono text-[11px] text-muted">
              <span className="min-w-0 truncate">{token}</span>
              <CopyButton value={token} label={t('profile.copy')} copiedLabel={t('profile.copied')} large />
            </p>
          </div>
        </div>
      )}

      <Subscription />

      <section className="mt-6 max-w-2xl">
        <div className="flex items-baseline justify-between gap-3 border-b border-line pb-2">
          <h2 className="font-semibold">{t('profile.wallets')}</h2>
          <span className="text-[12px] text-faint">
            {t('profile.added', { count: Math.max(0, added), max: OWN_WALLETS_MAX_ADDED })}
          </span>
        </div>
        <p className="mt-2 text-[12px] text-muted">{t('profile.wallets_hint')}</p>

        <form onSubmit={submit} className="mt-3 flex gap-2" noValidate>
          <input
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
            }}
            placeholder={t('profile.placeholder')}
            aria-label={t('profile.placeholder')}
            aria-invalid={invalid}
            disabled={full}
            spellCheck={false}
            className="h-8 min-w-0 flex-1 rounded-md border border-line bg-panel px-2 font-mono text-[12px] text-fg placeholder:font-sans placeholder:text-faint aria-[invalid=true]:border-danger disabled:opacity-60"
          />
          <button type="submit" className="button-primary h-8" disabled={full || add.isPending || text.trim() === ''}>
            {add.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
            {t('profile.add')}
          </button>
        </form>
        {(invalid || full) && (
          <p role="alert" className="mt-1 text-[12px] text-danger">
            {invalid ? t('profile.invalid') : t('profile.limit')}
          </p>
        )}

        {wallets.isError ? (
          <LoadFailed
            inline
            className="mt-4"
            message={t('profile.error')}
            retry={t('profile.retry')}
            onRetry={() => void wallets.refetch()}
          />
        ) : wallets.isPending ? (
          <Loading className="mt-4" />
        ) : (
          <ul className="mt-3 divide-y divide-line/60" data-testid="wallet-list">
            {wallets.data.list.map((wallet) => (
              <WalletRow key={wallet.address} wallet={wallet} onRemove={setRemoving} />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={t('profile.remove_title')}
        description={t('profile.remove_body', { address: removing ?? '' })}
        ok={t('profile.ok')}
        cancel={t('profile.cancel')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
      />
    </PageFrame>
  );
}
