import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';

type WalletNotInstalledDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offered where the server runs its own devnet: opens the built-in wallet's chooser instead. */
  onUseDevnetWallet?: (() => void) | undefined;
};

export function WalletNotInstalledDialog({ open, onOpenChange, onUseDevnetWallet }: WalletNotInstalledDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('wallet.no_install')}
      description={t('wallet.install_tip')}
    >
      {onUseDevnetWallet && <p className="mt-3 text-muted">{t('devnet_wallet.not_installed_offer')}</p>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={onUseDevnetWallet ? 'button-secondary' : 'button-primary'}
          onClick={() => window.location.reload()}
        >
          {t('wallet.refresh')}
        </button>
        {onUseDevnetWallet && (
          <button type="button" className="button-primary" onClick={onUseDevnetWallet}>
            {t('devnet_wallet.use')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
