import { GAS_PRESET_TYPES, type GasPresetType } from '@floordesk/protocol';
import { useEffect } from 'react';
import { chooseGasPreset } from './choose-gas-preset';

/** Where typing a digit means the digit. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The preset a key press chooses (keys 1–6 and the numpad's), or null: with a modifier held, while typing,
 * or when something else already handled the key. By `code` (the key's place, so the numpad works with Num Lock
 * off) or by `key` (layouts whose digits sit elsewhere).
 */
export function gasPresetOfKey(event: KeyboardEvent): GasPresetType | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (isTyping(event.target)) return null;
  const digit = /^(?:Digit|Numpad)([1-6])$/.exec(event.code)?.[1] ?? /^[1-6]$/.exec(event.key)?.[0];
  return digit === undefined ? null : (GAS_PRESET_TYPES[Number(digit) - 1] ?? null);
}

/** Keys 1–6 choose a gas preset wherever the bottom bar shows. */
export function useGasPresetKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const type = gasPresetOfKey(event);
      if (type !== null) chooseGasPreset(type);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
