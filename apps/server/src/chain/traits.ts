/** How a token's metadata states a trait: OpenRarity ranks string traits only. */
export type TraitKind = 'string' | 'number' | 'date';

/** Display types whose values OpenRarity reads as numbers (OpenSea's metadata standard). */
const NUMBER_DISPLAY_TYPES = new Set(['number', 'boost_number', 'boost_percentage']);

/**
 * How OpenRarity reads a trait from token metadata: a JSON number, or a number display type, is a number trait; the
 * 'date' display type a date; anything else a string, the only kind ranked.
 */
export function traitKind(value: unknown, displayType: unknown): TraitKind {
  if (displayType === 'date') return 'date';
  if (typeof value === 'number' || (typeof displayType === 'string' && NUMBER_DISPLAY_TYPES.has(displayType)))
    return 'number';
  return 'string';
}
