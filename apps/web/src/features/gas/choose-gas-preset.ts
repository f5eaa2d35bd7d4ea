import { type GasPresetType, isGasEntryComplete, selectGasPreset } from '@floordesk/protocol';
import { setPanelOpen } from '../../stores/panels-store';
import { sessionStore } from '../../stores/session-store';
import { requireLogin } from '../../stores/login-prompt-store';
import { gasEntriesOf, gasStore } from '../../stores/gas-store';
import { gasSync } from './gas-sync';

/**
 * Makes `type` the signed-in wallet's preset: visitors get the sign-in prompt instead, and a preset
 * still without its values opens the settings to fill them in (until then the wallet preset applies).
 */
export function chooseGasPreset(type: GasPresetType): void {
  if (!requireLogin()) return;
  const address = sessionStore.getState().token!;
  const entries = gasEntriesOf(gasStore.getState().byWallet, address);
  gasSync.change(address, selectGasPreset(entries, type));
  const chosen = entries.find((entry) => entry.type === type);
  if (chosen && !isGasEntryComplete(chosen)) setPanelOpen('gas', true);
}

/** Opens the Custom Gas Fee settings; visitors get the sign-in prompt. */
export function openGasSettings(): void {
  if (requireLogin()) setPanelOpen('gas', true);
}
