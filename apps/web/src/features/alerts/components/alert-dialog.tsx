import { useTranslation } from 'react-i18next';
import { BetaTag } from '../../../components/ui/beta-tag';
import { Dialog } from '../../../components/ui/dialog';

/** The chat-DM alert dialog of the original app; its menu, list and forms arrive with the alerts issue. */
export function AlertDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-[900px]"
      title={
        <>
          {t('alert_dialog.title')}
          <BetaTag />
        </>
      }
      description={t('alert_dialog.subtitle')}
    >
      <div className="mt-4 h-[max(160px,calc(100dvh-260px))] rounded-md border border-line bg-canvas" />
    </Dialog>
  );
}
