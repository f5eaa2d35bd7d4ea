import { Siren } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { loadAlertTexts } from '../../../lib/alert-texts';
import { openAlertDialog } from '../../../stores/alert-dialog-store';

loadAlertTexts();

/**
 * /alert: the user menu's ALERT as an address. The dialog is the account menu's (the spec's panel that does not
 * navigate); arriving here opens it, and the page stays behind it to open it again.
 */
export default function AlertPage() {
  const { t } = useTranslation();
  useEffect(() => openAlertDialog(), []);
  return (
    <PageFrame title={t('route.alert.title')} description={t('route.alert.description')}>
      <button type="button" className="button-primary mt-4 gap-1.5" onClick={() => openAlertDialog()}>
        <Siren size={14} aria-hidden />
        {t('alerts.page.open')}
      </button>
    </PageFrame>
  );
}
