import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';

export function WalletNotInstalledDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('wallet.no_install')} description={t('wallet.install_tip')}>
      <div className="mt-4 flex justify-end">
        <button type="button" className="button-primary" onClick={() => window.location.reload()}>
          {t('wallet.refresh')}
        </button>
      </div>
    </Dialog>
  );
}
