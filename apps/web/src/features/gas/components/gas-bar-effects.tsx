import { useGasPresetKeys } from '../use-gas-preset-keys';
import { useGasSync } from '../use-gas-sync';

/**
 * What the gas presets do wherever the bottom bar shows, even where their buttons sit in a closed popover
 * (the mobile bar): the server sync and keys 1–6.
 */
export function GasBarEffects() {
  useGasSync();
  useGasPresetKeys();
  return null;
}
