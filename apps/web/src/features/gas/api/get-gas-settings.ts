import type { GasSettingsData } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/**
 * The signed-in user's presets as the server keeps them (the original app's getgas); an empty list when never saved. Read once
 * per sign-in by the gas sync (gas-sync.ts), which decides whose list wins, so there is no query hook.
 */
export function getGasSettings(): Promise<GasSettingsData> {
  return apiClient.call('gasSettings');
}
