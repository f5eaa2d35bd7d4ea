/** Chosen values per trait type: a token matches one of a type's values, and every type. */
export type TraitChoice = Record<string, readonly string[]>;

/** `choice` with `value` of `type` added, or taken out when it was in. */
export function toggleTrait(choice: TraitChoice, type: string, value: string): TraitChoice {
  const values = choice[type] ?? [];
  const next = values.includes(value) ? values.filter((chosen) => chosen !== value) : [...values, value];
  const { [type]: _, ...others } = choice;
  return next.length > 0 ? { ...others, [type]: next } : others;
}

/** The choice as the API's `traits` parameter; nothing when no value is chosen. */
export function traitsParam(choice: TraitChoice): string | undefined {
  return Object.keys(choice).length > 0 ? JSON.stringify(choice) : undefined;
}
