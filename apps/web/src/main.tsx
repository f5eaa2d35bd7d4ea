import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applySettings } from './app/apply-settings';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { restoreDevnetWallet } from './features/devnet-wallet/restore-devnet-wallet';
import { initI18n } from './lib/i18n';
import { walletStore } from './lib/wallet/wallet-store';
import { langOf, settingsStore } from './stores/settings-store';

const settings = settingsStore.getState();
initI18n(langOf(settings.lang));
applySettings(settings);
settingsStore.subscribe(applySettings);
// Started before the first render: a signed-in page's guard waits for it to settle. A built-in devnet wallet
// chosen on this browser is back first, as an installed extension would be.
void restoreDevnetWallet()
  .catch(() => undefined)
  .then(() => walletStore.getState().restore());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
