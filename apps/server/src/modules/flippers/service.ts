import { FLIPPER_RULE, type FlipperRule, type FlippersData } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { ok, type Result } from '../../result';
import { roundedPercent } from '../../chain/rollup-windows';
import { unixSeconds } from '../../time';
import { ensNames } from '../ens/service';
import { flipperAddresses, flipperList } from './store';

/** The rule under the wire's field names, sent with the list so the explanation quotes the numbers applied. */
const FLIPPER_RULE_FIELDS: FlipperRule = {
  min_trades_exclusive: FLIPPER_RULE.minTradesExclusive,
  min_collections_exclusive: FLIPPER_RULE.minCollectionsExclusive,
  min_win_rate_exclusive: FLIPPER_RULE.minWinRateExclusive,
  window_days: FLIPPER_RULE.windowDays,
  recompute_hours: FLIPPER_RULE.recomputeHours,
};

export async function flippers(ctx: AppContext): Promise<Result<FlippersData>> {
  const rows = await flipperList(ctx.db);
  const names = await ensNames(
    ctx,
    rows.map((row) => row.address),
  );
  return ok({
    rule: FLIPPER_RULE_FIELDS,
    computed_at: rows[0] ? unixSeconds(rows[0].computed_at) : null,
    list: rows.map((row) => ({
      address: row.address,
      ens: names.get(row.address) ?? null,
      trades: row.trades,
      collections: row.collections,
      wins: row.wins,
      win_rate: roundedPercent(row.wins, row.trades),
      profit: row.profit_wei,
    })),
  });
}

/** Which of these (lowercased) addresses meet the flipper rule: the badge on trades and holders. */
export function flippersAmong(ctx: Pick<AppContext, 'db'>, addresses: readonly string[]): Promise<Set<string>> {
  return flipperAddresses(ctx.db, addresses);
}

/** Every wallet on the list (the rule keeps it short). */
export async function flipperWallets(ctx: Pick<AppContext, 'db'>): Promise<string[]> {
  return (await flipperList(ctx.db)).map((row) => row.address);
}
