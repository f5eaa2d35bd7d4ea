import {
  type SweepItemStatusName,
  sweepItemStatusOf,
  type SweepOrderData,
  type SweepOutcomeName,
  sweepOutcomeOf,
  type SweepPlanItem,
} from '@floordesk/protocol';

/** An item's status by name; 'unknown' for a code this version does not know (shown as a failure, never a crash). */
export type SweepRowStatus = SweepItemStatusName | 'unknown';

/**
 * One line of the sweep modal: a listing bought, a spare behind them, or one passed over and why, with its status
 * (the wire's `is_buy`) as the server's order reports it.
 */
export type SweepRow = SweepPlanItem & { status: SweepRowStatus };

/** A sweep as the server reports it, its `flag` read as the `outcome`. */
export type SweepOrder = Omit<SweepOrderData, 'flag' | 'items'> & {
  outcome: SweepOutcomeName | 'unknown';
  items: SweepRow[];
};

export function sweepOrderOf({ flag, items, ...order }: SweepOrderData): SweepOrder {
  return {
    ...order,
    outcome: sweepOutcomeOf(flag) ?? 'unknown',
    items: items.map(({ is_buy, ...item }) => ({ ...item, status: sweepItemStatusOf(is_buy) ?? 'unknown' })),
  };
}
