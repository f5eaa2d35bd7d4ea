import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { currentPath } from '../../../lib/navigation';
import { signOut } from '../sign-out';

/** A failed user check: the server's message, and the only way on is signing in again. */
export function OopsDialog({ message }: { message: string | null }) {
  const { t } = useTranslation();
  return (
    <Dialog open={message !== null} title={t('oops.title')} description={message}>
      <div className="mt-4 flex justify-end">
        <button type="button" className="button-primary" onClick={() => void signOut(currentPath())}>
          {t('oops.action')}
        </button>
      </div>
    </Dialog>
  );
}
