import type { GasSettingsData } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { findGasSettings, replaceGasSettings } from './store';

/**
 * The saved presets (the original app's getgas): empty until the user first saves, so the client knows to send its
 * own list (setgas).
 */
export async function gasSettingsOf(ctx: AppContext, address: string): Promise<GasSettingsData> {
  return { gas: (await findGasSettings(ctx.db, address)) ?? [] };
}

/** Saving (the original app's setgas): the whole list replaces the saved one (the schema has checked every rule). */
export async function saveGasSettings(
  ctx: AppContext,
  address: string,
  gas: GasSettingsData['gas'],
): Promise<GasSettingsData> {
  await replaceGasSettings(ctx.db, address, gas, ctx.now());
  return { gas };
}
