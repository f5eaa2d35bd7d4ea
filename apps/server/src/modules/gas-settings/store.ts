import type { GasSettingsData } from '@floordesk/protocol';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { gasSettings } from '../../db/schema';

export async function findGasSettings(db: Executor, address: string): Promise<GasSettingsData['gas'] | undefined> {
  const [row] = await db.select({ gas: gasSettings.gas }).from(gasSettings).where(eq(gasSettings.address, address));
  return row?.gas;
}

export async function replaceGasSettings(
  db: Executor,
  address: string,
  gas: GasSettingsData['gas'],
  at: Date,
): Promise<void> {
  await db
    .insert(gasSettings)
    .values({ address, gas, updatedAt: at })
    .onConflictDoUpdate({ target: gasSettings.address, set: { gas, updatedAt: at } });
}
