import type { GasEntry, GasSettingsData } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/** Replaces the signed-in user's presets on the server (the original app's setgas); the gas sync debounces the calls. */
export function saveGasSettings(gas: readonly GasEntry[]): Promise<GasSettingsData> {
  return apiClient.call('saveGasSettings', { body: { gas: [...gas] } });
}
