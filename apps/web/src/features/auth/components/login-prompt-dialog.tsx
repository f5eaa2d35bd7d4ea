import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { currentPath, navigateTo } from '../../../lib/navigation';
import { signInPath } from '../../../lib/redirect';
import { closeLoginPrompt, useLoginPromptOpen } from '../../../stores/login-prompt-store';

/** The 'err.login' modal of the original app: the action needs a signed-in user; the button goes to sign-in and back. */
export function LoginPromptDialog() {
  const { t } = useTranslation();
  const open = useLoginPromptOpen();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeLoginPrompt()} title={t('err.login')}>
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            closeLoginPrompt();
            navigateTo(signInPath(currentPath()));
          }}
        >
          {t('menu.sign_in')}
        </button>
      </div>
    </Dialog>
  );
}
