import { ChevronRight, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEVNET_WALLET } from '../wallet-info';

type DevnetWalletButtonProps = { pending: boolean; disabled: boolean; onClick: () => void };

/** The sign-in page's offer of the wallet built into the page, shown only where the server runs its own devnet. */
export function DevnetWalletButton({ pending, disabled, onClick }: DevnetWalletButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="group flex min-h-11 w-full items-center gap-3 rounded-md border border-dashed border-accent/40 bg-accent/5 px-3 py-1.5 text-left text-fg transition-colors hover:border-accent/70 hover:bg-accent/10 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <img src={DEVNET_WALLET.icon} alt="" className="size-6 shrink-0 rounded" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 font-medium">
          {t('devnet_wallet.name')}
          <span className="rounded bg-accent/15 px-1 text-[10px] leading-4 font-semibold tracking-wide text-accent uppercase">
            {t('devnet_wallet.built_in')}
          </span>
        </span>
        <span className="block text-[12px] leading-snug text-muted">{t('devnet_wallet.offer_hint')}</span>
      </span>
      {pending ? (
        <LoaderCircle size={16} className="shrink-0 animate-spin text-accent" aria-hidden />
      ) : (
        <ChevronRight size={16} className="shrink-0 text-faint group-hover:text-accent" aria-hidden />
      )}
    </button>
  );
}
