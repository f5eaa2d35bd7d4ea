import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Plus, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Address, type Hex, hexToBigInt } from 'viem';
import { Dialog } from '../../../components/ui/dialog';
import { formatEth, longAddress } from '../../../lib/format';
import type { Wallet } from '../../../lib/wallet/wallets';
import { type DevnetAccount, PEOPLE_ACCOUNTS, peopleIndexOf } from '../devnet-accounts';
import { chooseDevnetAccount, devnetRpc } from '../devnet-wallet';
import { readDevnetWallet } from '../remembered-wallet';
import { DEVNET_WALLET } from '../wallet-info';

type ChooseAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The devnet's chain, from the server's app config. */
  chainId: number;
  /** The wallet now runs with the chosen account, connected: sign in with it. */
  onChosen: (wallet: Wallet) => void;
};

function useBalances(addresses: readonly Address[]) {
  return useQuery({
    queryKey: ['devnet-wallet', 'balances', addresses],
    queryFn: () =>
      Promise.all(
        addresses.map(async (address) => hexToBigInt((await devnetRpc('eth_getBalance', [address, 'latest'])) as Hex)),
      ),
  });
}

/** The built-in wallet's account chooser: anvil's people accounts 0–4, the fresh key chosen before, or a new one. */
export function ChooseAccountDialog({ open, onOpenChange, chainId, onChosen }: ChooseAccountDialogProps) {
  const { t } = useTranslation();
  // What this browser chose last: read each time the chooser opens, so it marks the account in use.
  const chosen = useMemo(() => (open ? readDevnetWallet(localStorage) : null), [open]);
  const current = chosen?.address;
  const fresh: DevnetAccount | null =
    chosen && peopleIndexOf(chosen.address) === null
      ? { privateKey: chosen.privateKey, address: chosen.address }
      : null;
  const listed = fresh ? [...PEOPLE_ACCOUNTS, fresh] : PEOPLE_ACCOUNTS;
  const balances = useBalances(listed.map(({ address }) => address));

  const choose = (account: DevnetAccount) => {
    onOpenChange(false);
    onChosen(chooseDevnetAccount(chainId, account));
  };
  // viem/accounts is imported on use everywhere, as the provider does: one static import of it beside the provider's
  // dynamic one made the bundler split the first page into eight more files (1.8 kB more gzipped, measured).
  const chooseNewKey = async () => {
    const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
    const privateKey = generatePrivateKey();
    choose({ privateKey, address: privateKeyToAccount(privateKey).address });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        <>
          <img src={DEVNET_WALLET.icon} alt="" className="size-5 rounded" />
          {t('devnet_wallet.name')}
        </>
      }
      description={t('devnet_wallet.choose.description')}
    >
      <p className="mt-3 flex items-start gap-1.5 rounded border border-warn/30 bg-warn/10 px-2.5 py-1.5 text-[12px] text-warn">
        <TriangleAlert size={13} className="mt-0.5 shrink-0" aria-hidden />
        {t('devnet_wallet.choose.warning')}
      </p>
      <ul
        aria-label={t('devnet_wallet.choose.accounts')}
        className="mt-3 flex flex-col overflow-hidden rounded border border-line"
      >
        {listed.map((account, index) => (
          <li key={account.address} className="border-b border-line/60">
            <AccountButton
              label={
                account === fresh
                  ? t('devnet_wallet.choose.fresh_current')
                  : t('devnet_wallet.choose.account', { index })
              }
              address={account.address}
              balance={balances.data?.[index]}
              inUse={account.address === current}
              onClick={() => choose(account)}
            />
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => void chooseNewKey()}
            className="flex w-full items-center gap-2.5 px-3 py-2 text-left transition-colors hover:bg-raised"
          >
            <Plus size={15} className="shrink-0 text-accent" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-fg">{t('devnet_wallet.choose.fresh_new')}</span>
              <span className="block truncate text-[12px] text-muted">{t('devnet_wallet.choose.fresh_hint')}</span>
            </span>
          </button>
        </li>
      </ul>
    </Dialog>
  );
}

type AccountButtonProps = {
  label: string;
  address: Address;
  /** Undefined until read from the devnet. */
  balance: bigint | undefined;
  inUse: boolean;
  onClick: () => void;
};

function AccountButton({ label, address, balance, inUse, onClick }: AccountButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className={clsx(
        'grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-3 py-1.5 text-left transition-colors hover:bg-raised',
        inUse && 'bg-accent/5',
      )}
    >
      <span className="flex min-w-0 items-center gap-1.5 font-medium text-fg">
        {label}
        {inUse && (
          <span className="rounded bg-accent/15 px-1 text-[10px] leading-4 font-semibold tracking-wide text-accent uppercase">
            {t('devnet_wallet.choose.in_use')}
          </span>
        )}
      </span>
      <span className="text-right font-mono text-fg">
        {balance === undefined ? '…' : t('devnet_wallet.choose.balance', { amount: formatEth(balance, 2) })}
      </span>
      <span className="truncate font-mono text-[12px] text-muted" title={address}>
        {longAddress(address)}
      </span>
    </button>
  );
}
