import { describe, expect, it } from 'vitest';
import type { Marketplace } from './marketplaces';
import { SweepPlanItem } from './sweep';
import {
  breakEvenWei,
  gasLimit,
  pendingItems,
  planItemOf,
  selectSweep,
  SWEEP_MAX_SPARES,
  type SweepCandidate,
  type SweepSelectionOptions,
} from './sweep-plan';
import { SweepItemStatus, sweepItemStatusCode } from './wire-codes';

const ETH = 10n ** 18n;
const BUYER = '0xb000000000000000000000000000000000000001';
let nextOrder = 0;
function listing(price: string, values: Partial<SweepCandidate> = {}): SweepCandidate {
  nextOrder += 1;
  return {
    order_id: `0x${nextOrder.toString(16).padStart(64, '0')}`,
    token_id: String(nextOrder),
    price,
    marketplace: 'opensea',
    from_address: '0x5e11e50000000000000000000000000000000000',
    pending_count: 0,
    flagged: false,
    ...values,
  };
}
const options = (values: Partial<SweepSelectionOptions> = {}): SweepSelectionOptions => ({
  count: 3,
  marketplaces: new Set<Marketplace>(['opensea', 'soduswap']),
  skipPendingFlagged: true,
  ownWallets: new Set([BUYER]),
  ...values,
});
const ids = (listings: readonly SweepCandidate[]) => listings.map((l) => l.token_id);

describe('selectSweep', () => {
  it('takes the cheapest listings, in order, and adds up their prices', () => {
    const book = [listing('100'), listing('200'), listing('300'), listing('400')];
    const plan = selectSweep(book, options());
    expect(ids(plan.buy)).toEqual(ids(book.slice(0, 3)));
    expect(plan.total).toBe(600n);
    expect(plan.skipped).toEqual([]);
  });

  it('keeps only the cheapest listing of a token and reports the others as skipped', () => {
    const first = listing('100');
    const again = listing('150', { token_id: first.token_id });
    const plan = selectSweep([first, again, listing('200'), listing('300')], options());
    expect(plan.buy.map((l) => l.price)).toEqual(['100', '200', '300']);
    expect(plan.skipped).toEqual([{ listing: again, reason: 'duplicate' }]);
  });

  it('skips pending and flagged listings when asked, and buys them otherwise', () => {
    const pending = listing('100', { pending_count: 2 });
    const flagged = listing('110', { flagged: true });
    const book = [pending, flagged, listing('200'), listing('300'), listing('400')];
    const skipping = selectSweep(book, options());
    expect(skipping.buy.map((l) => l.price)).toEqual(['200', '300', '400']);
    expect(skipping.skipped.map((s) => s.reason)).toEqual(['pending', 'flagged']);
    expect(selectSweep(book, options({ skipPendingFlagged: false })).buy).toEqual(book.slice(0, 3));
  });

  it("never buys from the buyer's own wallets, whatever the case of the address", () => {
    const own = listing('50', { from_address: BUYER.toUpperCase().replace('0X', '0x') });
    const plan = selectSweep([own, listing('100'), listing('200'), listing('300')], options());
    expect(plan.buy).not.toContain(own);
    expect(plan.skipped).toEqual([{ listing: own, reason: 'own' }]);
  });

  it('leaves out marketplaces switched off without calling them skipped', () => {
    const blur = listing('10', { marketplace: 'blur' });
    const plan = selectSweep([blur, listing('100'), listing('200'), listing('300')], options());
    expect(plan.buy).not.toContain(blur);
    expect(plan.skipped).toEqual([]);
  });

  it('passes over a Blur listing, shown with the code that says Blur cannot be bought (7070)', () => {
    const blur = listing('10', { marketplace: 'blur' });
    const plan = selectSweep([blur, listing('100')], options({ marketplaces: new Set(['opensea', 'blur']) }));
    expect(plan.skipped).toEqual([{ listing: blur, reason: 'blur' }]);
    const [item] = pendingItems([planItemOf({ ...blur, img: null, rank: null, order_way: 4 }, 'skip', 'blur')]);
    expect(item && sweepItemStatusCode(item.status)).toBe(SweepItemStatus.BlurUnsupported);
  });

  it('passes over listings known to be unfillable', () => {
    const gone = listing('10');
    const plan = selectSweep(
      [gone, listing('100'), listing('200'), listing('300')],
      options({ unfillable: new Set([gone.order_id]) }),
    );
    expect(plan.skipped).toEqual([{ listing: gone, reason: 'unfillable' }]);
  });

  it('buys fewer when the book runs out', () => {
    expect(selectSweep([listing('100')], options()).buy).toHaveLength(1);
    expect(selectSweep([], options()).total).toBe(0n);
  });

  it('adds spares only while even their worst case stays within the total the buyer accepts', () => {
    const book = [listing('100'), listing('200'), listing('300'), listing('300'), listing('300'), listing('500')];
    const plan = selectSweep(book, options({ maxTotal: 900n }));
    // 300 + 300 + 300 = 900 fits; adding the 500 would make the worst case 1100.
    expect(plan.spares.map((l) => l.price)).toEqual(['300', '300']);
    expect(plan.total).toBe(600n);
    expect(plan.worstCase).toBe(900n);
  });

  it('takes no spares at the exact total and at most SWEEP_MAX_SPARES', () => {
    const book = Array.from({ length: 20 }, () => listing(String(ETH)));
    expect(selectSweep(book, options({ maxTotal: 3n * ETH })).spares).toHaveLength(SWEEP_MAX_SPARES);
    const rising = [listing('100'), listing('200'), listing('300'), listing('301')];
    expect(selectSweep(rising, options({ maxTotal: 600n })).spares).toEqual([]);
  });
});

describe('planItemOf', () => {
  const row = {
    ...listing('100'),
    order_way: 1,
    img: 'https://img.example/1.png',
    rank: 7,
    listed_at: 1_700_000_000,
  };

  it("copies exactly the plan item schema's listing fields, with the role and the reason", () => {
    const item = planItemOf(row, 'skip', 'flagged');
    expect(SweepPlanItem.strict().parse(item)).toEqual(item);
    expect(item).toEqual({
      order_id: row.order_id,
      token_id: row.token_id,
      price: '100',
      marketplace: 'opensea',
      order_way: 1,
      img: 'https://img.example/1.png',
      rank: 7,
      role: 'skip',
      reason: 'flagged',
    });
  });

  it('names what each item waits for until the receipt: in progress, on standby, or skipped', () => {
    const items = [planItemOf(row, 'buy'), planItemOf(row, 'spare'), planItemOf(row, 'skip', 'own')];
    expect(pendingItems(items).map((item) => [item.role, item.status])).toEqual([
      ['buy', 'in_progress'],
      ['spare', 'standby'],
      ['skip', 'skipped'],
    ]);
  });
});

describe('breakEvenWei', () => {
  it('adds the gas of a 250000-gas buy and the resale fee to the floor', () => {
    // 1 ETH floor, 20 Gwei: 0.005 ETH of gas, 2.5% fee.
    expect(breakEvenWei(ETH, 20_000_000_000n)).toBe(ETH + 5n * 10n ** 15n + 25n * 10n ** 15n);
  });
});

describe('gasLimit', () => {
  it('is the estimate plus 30%, or 400000 without one', () => {
    expect(gasLimit(1_000_000n)).toBe(1_300_000n);
    expect(gasLimit(null)).toBe(400_000n);
  });
});
