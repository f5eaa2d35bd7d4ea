/**
 * The API's coded fields and the names FloorDesk's code uses for them. The wire keeps the original app's numbers;
 * the server turns a name into its code where it builds a response, and the web app turns a code into its name where
 * it reads one, both through the tables here, so the two ends cannot disagree about a code. Plain functions without
 * zod: the web app's bundle takes them.
 *
 * Each field has one function per direction: `…Code` (name to wire) and `…Of` (wire to name). A code no table knows
 * comes back as undefined (or false, for the yes/no fields), for the reader to show as unknown rather than fail.
 */

/** A sweep item's `is_buy` code, as the original app numbers it. */
export const SweepItemStatus = {
  InProgress: 1,
  Bought: 3,
  Failed: 4,
  /** Skipped, or an order error. */
  Skipped: 5000,
  Rejected: 4001,
  OverGasLimit: 5253,
  HigherThanExpected: 1515,
  /** The spec's 7070: listings from Blur cannot be bought. */
  BlurUnsupported: 7070,
} as const;
export type SweepItemStatus = (typeof SweepItemStatus)[keyof typeof SweepItemStatus];

/** A listing's rarity tier code (its `flag`): Ordinary, Classic, Rare, Legendary. */
export const RankTier = { Ordinary: 1, Classic: 2, Rare: 3, Legendary: 4 } as const;
export type RankTier = (typeof RankTier)[keyof typeof RankTier];

/** Both directions of a table of names and their codes. */
function codeTable<const T extends Record<string, unknown>>(codes: T) {
  const names = new Map<unknown, keyof T>(Object.entries(codes).map(([name, code]) => [code, name]));
  return {
    code: (name: keyof T): T[keyof T] => codes[name],
    name: (code: unknown): keyof T | undefined => names.get(code),
  };
}

/**
 * A sweep item's status (`is_buy`). 'standby' is a spare not used (yet), the wire's null; 'rejected' and
 * 'higher_than_expected' are the web app's own outcomes of a sweep the wallet or the quote stopped.
 */
const SWEEP_ITEM_STATUS = codeTable({
  in_progress: SweepItemStatus.InProgress,
  standby: null,
  bought: SweepItemStatus.Bought,
  failed: SweepItemStatus.Failed,
  skipped: SweepItemStatus.Skipped,
  rejected: SweepItemStatus.Rejected,
  over_gas_limit: SweepItemStatus.OverGasLimit,
  higher_than_expected: SweepItemStatus.HigherThanExpected,
  blur_unsupported: SweepItemStatus.BlurUnsupported,
});
export type SweepItemStatusName = Parameters<typeof SWEEP_ITEM_STATUS.code>[0];
export const sweepItemStatusCode = (name: SweepItemStatusName): SweepItemStatus | null => SWEEP_ITEM_STATUS.code(name);
export const sweepItemStatusOf = (code: number | null): SweepItemStatusName | undefined => SWEEP_ITEM_STATUS.name(code);

/**
 * A sweep order's outcome (its `flag`): 'pending' until the receipt is read, then 'bought' when at least one item
 * was bought and 'nothing_bought' when none was (a reverted transaction, or every listing taken first).
 */
const SWEEP_OUTCOME = codeTable({ pending: 0, bought: 1, nothing_bought: 2 });
export type SweepOutcomeName = Parameters<typeof SWEEP_OUTCOME.code>[0];
export const sweepOutcomeCode = (name: SweepOutcomeName): 0 | 1 | 2 => SWEEP_OUTCOME.code(name);
export const sweepOutcomeOf = (code: number): SweepOutcomeName | undefined => SWEEP_OUTCOME.name(code);

/** A listing's rarity tier (its `flag`), commonest first. */
const RANK_TIER = codeTable({
  ordinary: RankTier.Ordinary,
  classic: RankTier.Classic,
  rare: RankTier.Rare,
  legendary: RankTier.Legendary,
});
export type RankTierName = Parameters<typeof RANK_TIER.code>[0];
export const rankTierCode = (name: RankTierName): RankTier => RANK_TIER.code(name);
export const rankTierOf = (code: number): RankTierName | undefined => RANK_TIER.name(code);

/** `sr_status`: 1 for a verified collection. */
export const srStatusCode = (verified: boolean): 0 | 1 => (verified ? 1 : 0);
export const verifiedOf = (code: number): boolean => code === 1;

/** `risk_flag`: 1 for a token a marketplace reports (stolen or suspicious). */
export const riskFlagCode = (flagged: boolean): 0 | 1 => (flagged ? 1 : 0);
export const flaggedOf = (code: number): boolean => code === 1;

/** A calendar item's `time_flag`: 1 when only its day is known, 0 when its time is too. */
export const timeFlagCode = (timeKnown: boolean): 0 | 1 => (timeKnown ? 0 : 1);
export const timeKnownOf = (code: number): boolean => code === 0;
