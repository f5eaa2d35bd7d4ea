import { type GasEntry, gasEntryProblem, type GasProblem, GasPresetType, parseGweiInput } from '@floordesk/protocol';

/** A preset as the settings form edits it: the amounts as typed. */
export type GasDraft = Omit<GasEntry, 'prio' | 'fee'> & { prio: string; fee: string };

export function draftOf(entry: GasEntry): GasDraft {
  return { ...entry, prio: entry.prio?.toString() ?? '', fee: entry.fee?.toString() ?? '' };
}

/** Amounts take digits and one dot only; anything else typed or pasted is dropped as it arrives. */
export function filterGweiText(text: string): string {
  const [whole = '', ...fractions] = text.replace(/[^\d.]/g, '').split('.');
  return fractions.length === 0 ? whole : `${whole}.${fractions.join('')}`;
}

/** Presets 1 and 2 (fast, fastest) take one amount: the fee is the priority. */
export function copiesPriority(type: GasPresetType): boolean {
  return type === GasPresetType.Fast || type === GasPresetType.Fastest;
}

/** Presets that take a fee of their own. */
export function hasOwnFee(type: GasPresetType): boolean {
  return type === GasPresetType.Custom1 || type === GasPresetType.Custom2 || type === GasPresetType.Dynamic;
}

export type DraftResult = { entry: GasEntry; problem: null } | { entry: null; problem: GasProblem };

/** The preset a draft saves as, or the message key of what is wrong with it. */
export function entryOfDraft(draft: GasDraft): DraftResult {
  const prio = parseGweiInput(draft.prio);
  const ownFee = hasOwnFee(draft.type) ? parseGweiInput(draft.fee) : null;
  if (prio === 'invalid' || ownFee === 'invalid') return { entry: null, problem: 'err.invalid_gas' };
  const entry: GasEntry = {
    type: draft.type,
    status: draft.status,
    prio,
    fee: copiesPriority(draft.type) ? prio : ownFee,
    base: draft.base,
  };
  const problem = gasEntryProblem(entry);
  return problem ? { entry: null, problem } : { entry, problem: null };
}
