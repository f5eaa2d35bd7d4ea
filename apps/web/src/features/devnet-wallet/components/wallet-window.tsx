import { createRoot } from 'react-dom/client';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The wallet's window is a React root of its own beside the app's, as an extension's pop-up is beside the page: the
 * app renders no wallet UI and runs unchanged. Theme and language are the page's (CSS variables, the i18n instance).
 */
export function openWalletWindow(): void {
  const host = document.createElement('div');
  host.dataset.devnetWallet = '';
  document.body.append(host);
  createRoot(host).render(<ConfirmDialog />);
}
