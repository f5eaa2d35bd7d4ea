import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAddress } from 'viem';
import { shortAddress } from '../../lib/format';
import { lazyWhenOpen } from '../../lib/lazy-component';
import { loadWalletActions } from '../../lib/wallet/load-wallet-actions';
import { useWallet } from '../../lib/wallet/wallet-store';
import { PLAIN_INJECTED_ID, plainInjectedWallet, type Wallet } from '../../lib/wallet/wallets';
import { useSession } from '../../stores/session-store';
import { DevnetWalletButton } from '../../features/devnet-wallet/components/devnet-wallet-button';
import { DEVNET_WALLET } from '../../features/devnet-wallet/wallet-info';
import { useAppConfig } from '../../lib/api/app-config';
import { useSignIn } from '../../features/auth/hooks/use-sign-in';
import { WalletButton } from '../../features/auth/components/wallet-button';

const WalletNotInstalledDialog = lazyWhenOpen(
  () =>
    import('../../features/auth/components/wallet-not-installed-dialog').then(
      (module) => module.WalletNotInstalledDialog,
    ),
  ({ open }) => open,
);

// The built-in wallet's code (viem's local accounts, its provider and windows) loads when its chooser first opens.
const ChooseAccountDialog = lazyWhenOpen(
  () =>
    import('../../features/devnet-wallet/components/choose-account-dialog').then(
      (module) => module.ChooseAccountDialog,
    ),
  ({ open }) => open,
);

/** EIP-6963 wallets by their own name, then the plain window.ethereum one when a page script provides it. */
function useWallets(): readonly Wallet[] {
  const announced = useWallet((state) => state.announced);
  const plain = plainInjectedWallet(window);
  return plain ? [...announced, plain] : announced;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const connectedWallet = useWallet((state) => state.wallet);
  const account = useWallet((state) => state.account);
  const token = useSession((state) => state.token);
  const signIn = useSignIn();
  const [installDismissed, setInstallDismissed] = useState(false);
  const [choosingDevnetAccount, setChoosingDevnetAccount] = useState(false);
  const { data: config } = useAppConfig();
  const devnet = config?.devnet_wallet ? config : undefined;
  // The built-in wallet, once running, is announced like an extension; the page offers it below, in its own words.
  const extensions = wallets.filter((wallet) => wallet.id !== DEVNET_WALLET.rdns);

  // Signing in needs the wallet SDK: fetch it while the user picks a wallet.
  useEffect(() => void loadWalletActions().catch(() => undefined), []);

  const busyWith = signIn.isPending ? signIn.variables : undefined;
  const connectedUnsigned = connectedWallet && account && !token ? { wallet: connectedWallet, account } : null;

  return (
    <div className="flex flex-1 items-start justify-center px-3 py-10 sm:py-16">
      <div className="w-full max-w-[400px] rounded-lg border border-line bg-panel p-5 shadow-xl">
        <div className="flex items-center gap-2.5">
          <span className="grid size-8 place-items-center rounded-md bg-accent/15 font-mono text-[15px] font-bold text-accent">
            F
          </span>
          <div>
            <div className="text-[15px] font-semibold text-fg">FloorDesk</div>
            <div className="text-muted">{t('app.tagline')}</div>
          </div>
        </div>

        <h1 className="mt-6 text-[15px] font-semibold text-fg">{t('sign_in.heading')}</h1>

        {connectedUnsigned && (
          <div className="mt-3 flex items-center justify-between gap-3 rounded-md border border-accent/30 bg-accent/5 px-3 py-2">
            <span className="min-w-0 truncate text-muted">
              {t('sign_in.connected_as', { address: shortAddress(getAddress(connectedUnsigned.account)) })}
            </span>
            <button
              type="button"
              className="button-primary shrink-0"
              disabled={signIn.isPending}
              onClick={() => signIn.mutate(connectedUnsigned.wallet)}
            >
              {t('sign_in.retry')}
            </button>
          </div>
        )}

        <ul className="mt-3 flex flex-col gap-2" aria-label={t('sign_in.wallets')}>
          {extensions.map((wallet) => (
            <li key={wallet.id}>
              <WalletButton
                name={wallet.id === PLAIN_INJECTED_ID ? t('sign_in.browser_wallet') : wallet.name}
                icon={wallet.icon}
                pending={busyWith?.id === wallet.id}
                disabled={signIn.isPending}
                onClick={() => signIn.mutate(wallet)}
              />
            </li>
          ))}
        </ul>
        {devnet && (
          <div className="mt-2">
            <DevnetWalletButton
              pending={busyWith?.id === DEVNET_WALLET.rdns}
              disabled={signIn.isPending}
              onClick={() => setChoosingDevnetAccount(true)}
            />
          </div>
        )}
        {signIn.isPending && <p className="mt-3 text-accent">{t('sign_in.waiting')}</p>}

        <section className="mt-5 border-t border-line pt-4">
          <h2 className="flex items-center gap-1.5 font-medium text-fg">
            <ShieldCheck size={14} className="text-accent" aria-hidden />
            {t('sign_in.notice_title')}
          </h2>
          <p className="mt-1.5 leading-relaxed text-muted">{t('sign_in.notice_body')}</p>
        </section>
      </div>

      <WalletNotInstalledDialog
        open={wallets.length === 0 && !installDismissed}
        onOpenChange={(open) => setInstallDismissed(!open)}
        onUseDevnetWallet={
          devnet &&
          (() => {
            setInstallDismissed(true);
            setChoosingDevnetAccount(true);
          })
        }
      />
      {devnet && (
        <ChooseAccountDialog
          open={choosingDevnetAccount}
          onOpenChange={setChoosingDevnetAccount}
          chainId={devnet.chain_id}
          onChosen={(wallet) => signIn.mutate(wallet)}
        />
      )}
    </div>
  );
}
