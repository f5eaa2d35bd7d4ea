import {
  ALERT_TYPE,
  type AlertRule,
  type AlertType,
  type AlertWallet,
  ethTextToWei,
  type Lang,
} from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/pool';
import { fillableAt } from '../../market/listings/fillable';
import { chatMessages, type Firing, type Named } from './messages';
import { TrendWindows } from './trend-windows';

/**
 * Listings are read again this far behind the last pass: a listing is stamped when the order book accepts it and
 * becomes visible when its transaction commits, a moment later. Reading twice is harmless (a firing is unique on its
 * listing); reading too little would miss one.
 */
const LISTINGS_OVERLAP_MS = 30_000;
const HOUR_MS = 3_600_000;

/** An enabled alert whose user's chat link accepts DMs. */
type ActiveAlert = {
  id: number;
  user: string;
  type: AlertType;
  title: string;
  dmLimit: number;
  collection: string | null;
  rule: AlertRule;
  createdAt: Date;
  lang: Lang;
};

/** `crossings`: how many times it fired for this key (a floor's next firing is named by it). */
type State = { above: boolean; valueWei: string | null; crossings: number };
/** `fired`: the write is a firing's, which counts one more crossing (the stored count is added to, not set). */
type StateWrite = State & { alertId: number; key: string; fired: boolean };

/** A firing found by this pass, before the DM limit and earlier passes have had their say. */
type Candidate = {
  alert: ActiveAlert;
  source: string;
  /** Collections are named when the DM is worded; until then a firing carries their addresses. */
  firing: Unnamed<Firing>;
  eventAt: Date;
  block: { number: number; hash: string } | null;
};
type Unnamed<F> = F extends { collection: Named } ? Omit<F, 'collection'> & { collection: string } : F;

export type Evaluation = {
  /** Firings written to be sent (their ids), and those over their alert's DM limit (recorded, not sent). */
  queued: number[];
  limited: number;
};

export type EvaluationOptions = {
  now: Date;
  /** Where FloorDesk is opened: DMs link to its collection pages. */
  origin: string;
  /** Enqueues the DM jobs of the firings it is given, in the transaction that writes them. */
  enqueue: (tx: Transaction, deliveryIds: number[]) => Promise<void>;
  /** The rollups kept from earlier passes (the worker keeps one); without it, a pass reads the whole day. */
  windows?: TrendWindows;
  /** The alerts and states kept from this worker's last pass; without it, a pass reads them all. */
  memory?: PassMemory;
};

/**
 * One pass over every active alert: reads what the market did (the per-minute rollups, the mempool, the floors,
 * the blocks and listings since the last pass), decides what fires, and writes in one transaction the firings, what
 * each alert has now seen, the wallet alerts' cursor and the DM jobs. Run again on the same data, it fires nothing
 * more: a firing is unique on its alert and cause, and a trend fires again only after its count fell back below the
 * threshold.
 */
export async function evaluateAlerts(db: Database, options: EvaluationOptions): Promise<Evaluation> {
  const { now } = options;
  // The marker first: a change after it (and before the reads) only makes the next pass read again.
  const start = await passStart(db, now);
  const { marker } = start;
  const kept = options.memory?.kept;
  const unchanged = kept !== undefined && sameMarker(kept.marker, marker);
  const alerts = unchanged ? kept.alerts : await activeAlerts(db);
  const states = unchanged
    ? kept.states
    : await alertStates(
        db,
        alerts.map((alert) => alert.id),
      );
  const byType = groupBy(alerts, (alert) => alert.type);
  const of = (...types: AlertType[]) => types.flatMap((type) => byType.get(type) ?? []);
  const candidates: Candidate[] = [];
  const writes: StateWrite[] = [];

  const trending = of(
    ALERT_TYPE.tradeTrending,
    ALERT_TYPE.listingTrending,
    ALERT_TYPE.pendingTrending,
    ALERT_TYPE.collectionTrending,
  );
  if (trending.length > 0) {
    const windows = options.windows ?? new TrendWindows();
    await evaluateTrends(db, now, start.headTime, windows, trending, states, candidates, writes);
  }
  const whales = of(ALERT_TYPE.whaleListings);
  if (whales.length > 0) await evaluateWhales(db, now, whales, states, candidates, writes);
  const floors = of(ALERT_TYPE.floorPrice);
  if (floors.length > 0) await evaluateFloors(db, now, floors, states, candidates, writes);
  const { cursor } = start;
  const walletAlerts = of(ALERT_TYPE.walletTrades, ALERT_TYPE.walletListings);
  if (cursor.previous && walletAlerts.length > 0) {
    await evaluateWallets(db, cursor.previous, cursor.next, walletAlerts, candidates);
  }
  for (const alert of of(ALERT_TYPE.custom)) {
    if (alert.rule.type !== ALERT_TYPE.custom) continue;
    const { custom_time_value: at, lead_minutes: lead } = alert.rule;
    // Due from lead minutes before the event until the event: a reminder after it would be no reminder.
    if ((at - lead * 60) * 1000 <= now.getTime() && now.getTime() < at * 1000) {
      candidates.push({
        alert,
        source: `custom:${at}:${lead}`,
        firing: { kind: 'custom', at, leadMinutes: lead },
        eventAt: new Date((at - lead * 60) * 1000),
        block: null,
      });
    }
  }

  const fresh = await withoutEarlierFirings(db, candidates);
  const names = await collectionNames(db, options.origin, fresh);
  const sentLastHour = await recentDms(
    db,
    fresh.map((candidate) => candidate.alert.id),
    now,
  );
  const rows = fresh.map((candidate) => {
    const sent = sentLastHour.get(candidate.alert.id) ?? 0;
    const status = sent < candidate.alert.dmLimit ? ('queued' as const) : ('limited' as const);
    if (status === 'queued') sentLastHour.set(candidate.alert.id, sent + 1);
    const firing = named(candidate.firing, names);
    return {
      alertId: candidate.alert.id,
      user: candidate.alert.user,
      source: candidate.source,
      content: chatMessages[candidate.alert.lang].firing(candidate.alert.title, firing),
      status,
      blockNumber: candidate.block?.number ?? null,
      blockHash: candidate.block?.hash ?? null,
      eventAt: candidate.eventAt,
    };
  });

  if (options.memory) options.memory.kept = undefined;
  const evaluation = await db.transaction(async (tx) => {
    await writeStates(tx, writes);
    const passedAt = await setWalletCursor(tx, cursor.next);
    const written = await insertDeliveries(tx, rows, now);
    const queued = written.filter((row) => row.status === 'queued').map((row) => row.id);
    if (queued.length > 0) await options.enqueue(tx, queued);
    return { queued, limited: written.length - queued.length, passedAt };
  });
  if (options.memory) {
    applyStateWrites(states, writes);
    // What the next pass will read if nothing but this pass changed alerts, links or states since the marker.
    options.memory.kept = { marker: { ...marker, passedAt: evaluation.passedAt }, alerts, states };
  }
  return { queued: evaluation.queued, limited: evaluation.limited };
}

/**
 * The alerts, links and states a pass read, kept for the next pass of this worker (one per process): reading and
 * parsing ten thousand alerts and their states is most of a pass. They are used again only while the marker says
 * nothing changed them: the rows of alerts and links are counted and their row versions summed (any insert, update
 * or delete moves it: a written row gets its transaction's id, `xmin`), and a pass stamps the cursor, so another
 * worker's pass in between means reading again.
 */
export class PassMemory {
  kept: { marker: PassMarker; alerts: ActiveAlert[]; states: Map<number, Map<string, State>> } | undefined;
}

type PassMarker = { alerts: string; links: string; passedAt: string | null };

/**
 * What a pass starts from, in one read: the marker of what this worker may have kept, the chain's head (its number
 * and time), and the wallet alerts' cursor. The cursor says where they read from (the last pass's mark) and to (the
 * head and now); the first pass only sets it, so a new deployment does not DM the history. After a reorg the head can
 * be below the mark: the blocks from the head on are read again once the new chain has them.
 */
async function passStart(
  db: Database,
  now: Date,
): Promise<{ marker: PassMarker; headTime: number; cursor: { previous: WalletMark | undefined; next: WalletMark } }> {
  const { rows } = await db.execute<{
    alerts: string;
    links: string;
    passed_at: string | null;
    cursor_block: string | null;
    head: string | null;
    head_time: string | null;
  }>(sql`
    select (select count(*) || '|' || coalesce(sum(xmin::text::bigint), 0) from alerts) as alerts,
           (select count(*) || '|' || coalesce(sum(xmin::text::bigint), 0) from chat_links) as links,
           c.listings_at::text as passed_at, c.block_number as cursor_block,
           h.number as head, h.timestamp::text as head_time
      from (select 1) as one
      left join alert_cursor c on true
      left join lateral (select number, timestamp from chain_blocks order by number desc limit 1) h on true`);
  const row = rows[0];
  const passedAt = row?.passed_at ?? null;
  const head = row?.head ? Number(row.head) : 0;
  const previous =
    row?.cursor_block && passedAt !== null
      ? { block: Math.min(Number(row.cursor_block), head), listingsAt: new Date(passedAt) }
      : undefined;
  return {
    marker: { alerts: row?.alerts ?? '', links: row?.links ?? '', passedAt },
    headTime: row?.head_time ? new Date(row.head_time).getTime() : 0,
    cursor: { previous, next: { block: head, listingsAt: now } },
  };
}

function sameMarker(a: PassMarker, b: PassMarker): boolean {
  return a.alerts === b.alerts && a.links === b.links && a.passedAt === b.passedAt;
}

/** Each write as the next pass would read it: keys above and floors, with their counts. */
function applyStateWrites(states: Map<number, Map<string, State>>, writes: readonly StateWrite[]): void {
  for (const write of writes) {
    const forAlert = states.get(write.alertId) ?? new Map<string, State>();
    const crossings = (forAlert.get(write.key)?.crossings ?? 0) + (write.fired ? 1 : 0);
    if (write.above || write.key === 'floor') {
      forAlert.set(write.key, { above: write.above, valueWei: write.valueWei, crossings });
    } else forAlert.delete(write.key);
    states.set(write.alertId, forAlert);
  }
}

async function activeAlerts(db: Database): Promise<ActiveAlert[]> {
  const { rows } = await db.execute<{
    id: string;
    user_address: string;
    type: AlertType;
    title: string;
    dm_limit: number;
    collection: string | null;
    rule: AlertRule;
    created_at: string | Date;
    lang: Lang;
  }>(sql`
    select a.id, a.user_address, a.type, a.title, a.dm_limit, a.collection, a.rule, a.created_at, c.lang
      from alerts a join chat_links c on c.user_address = a.user_address
     where a.enabled and c.reachable`);
  return rows.map((row) => ({
    id: Number(row.id),
    user: row.user_address,
    type: row.type,
    title: row.title,
    dmLimit: row.dm_limit,
    collection: row.collection,
    rule: row.rule,
    createdAt: new Date(row.created_at),
    lang: row.lang,
  }));
}

async function alertStates(db: Database, ids: number[]): Promise<Map<number, Map<string, State>>> {
  const states = new Map<number, Map<string, State>>();
  if (ids.length === 0) return states;
  const { rows } = await db.execute<{
    alert_id: string;
    key: string;
    above: boolean;
    value_wei: string | null;
    crossings: number;
  }>(sql`select alert_id, key, above, value_wei::text, crossings from alert_states where above or key = 'floor'`);
  // The inactive alerts' rows are left out here rather than by sending ten thousand ids for the database to plan.
  const active = new Set(ids);
  for (const row of rows) {
    const id = Number(row.alert_id);
    if (!active.has(id)) continue;
    const forAlert = states.get(id) ?? new Map<string, State>();
    forAlert.set(row.key, { above: row.above, valueWei: row.value_wei, crossings: row.crossings });
    states.set(id, forAlert);
  }
  return states;
}

/**
 * Compares what is above an alert's threshold now with what was: each key newly above fires once, and a key that
 * fell back below is re-armed. The firing is named by the pass's time: one pass finds the crossing, and its firing
 * and the state that says "above" commit together, so no later pass finds it again. Only the keys above (and
 * floors) are read: a key without a row is below.
 */
function compareCrossings(
  alert: ActiveAlert,
  aboveNow: ReadonlyMap<string, number>,
  states: Map<number, Map<string, State>>,
  writes: StateWrite[],
  fire: (key: string, count: number) => void,
): void {
  const seen = states.get(alert.id);
  for (const [key, count] of aboveNow) {
    const state = seen?.get(key);
    if (state?.above) continue;
    writes.push({ alertId: alert.id, key, above: true, valueWei: null, crossings: 0, fired: true });
    fire(key, count);
  }
  for (const [key, state] of seen ?? []) {
    if (state.above && !aboveNow.has(key))
      writes.push({ alertId: alert.id, key, ...state, above: false, fired: false });
  }
}

type Measure = 'trades' | 'listings' | 'pending';
const MEASURE: Partial<Record<AlertType, Measure>> = {
  [ALERT_TYPE.tradeTrending]: 'trades',
  [ALERT_TYPE.collectionTrending]: 'trades',
  [ALERT_TYPE.listingTrending]: 'listings',
  [ALERT_TYPE.pendingTrending]: 'pending',
};

/**
 * 101–103 and 302: trades and new listings from the per-minute rollups (a window of N minutes is the N latest
 * minutes, as on the trending panel), pending buys from the mempool's rows seen within the interval.
 */
async function evaluateTrends(
  db: Database,
  now: Date,
  headTime: number,
  windows: TrendWindows,
  alerts: ActiveAlert[],
  states: Map<number, Map<string, State>>,
  candidates: Candidate[],
  writes: StateWrite[],
): Promise<void> {
  const intervals = new Map<Measure, Set<number>>();
  for (const alert of alerts) {
    const measure = MEASURE[alert.type];
    if (!measure || !('interval' in alert.rule)) continue;
    intervals.set(measure, (intervals.get(measure) ?? new Set()).add(alert.rule.interval));
  }
  // Each window's collections, busiest first: an alert reads them only down to its threshold.
  const ranked = new Map<string, [string, number][]>();
  const rank = (key: string, counts: Iterable<[string, number]>) =>
    ranked.set(
      key,
      [...counts].filter(([, n]) => n > 0).toSorted((a, b) => b[1] - a[1]),
    );
  const rolled = await windows.totals(db, now, headTime, [
    ...(intervals.get('trades') ?? []),
    ...(intervals.get('listings') ?? []),
  ]);
  for (const measure of ['trades', 'listings'] as const) {
    for (const minutes of intervals.get(measure) ?? []) {
      const totals = rolled.get(minutes) ?? new Map<string, { trades: number; listings: number }>();
      rank(
        `${measure}:${minutes}`,
        [...totals].map(([collection, total]) => [collection, total[measure]]),
      );
    }
  }
  const pendingWindows = [...(intervals.get('pending') ?? [])];
  if (pendingWindows.length > 0) {
    const byWindow = groupBy(await pendingBuys(db, pendingWindows, now), (row) => row.minutes);
    for (const minutes of pendingWindows) {
      rank(
        `pending:${minutes}`,
        (byWindow.get(minutes) ?? []).map((row) => [row.collection, row.n]),
      );
    }
  }
  const watchlists = await watchlistsOf(
    db,
    alerts.filter((alert) => 'watchlist_only' in alert.rule && alert.rule.watchlist_only).map((alert) => alert.user),
  );
  for (const alert of alerts) {
    const measure = MEASURE[alert.type];
    const rule = alert.rule;
    if (!measure || !('interval' in rule) || !('threshold' in rule)) continue;
    const scope =
      alert.collection !== null
        ? new Set([alert.collection])
        : 'watchlist_only' in rule && rule.watchlist_only
          ? (watchlists.get(alert.user) ?? new Set<string>())
          : undefined;
    const aboveNow = new Map<string, number>();
    for (const [collection, n] of ranked.get(`${measure}:${rule.interval}`) ?? []) {
      if (n < rule.threshold) break;
      if (scope === undefined || scope.has(collection)) aboveNow.set(collection, n);
    }
    compareCrossings(alert, aboveNow, states, writes, (collection, count) =>
      candidates.push({
        alert,
        source: `trend:${collection}:${now.getTime()}`,
        firing: { kind: 'trend', measure, collection, count, minutes: rule.interval },
        eventAt: now,
        block: null,
      }),
    );
  }
}

async function pendingBuys(
  db: Database,
  intervals: number[],
  now: Date,
): Promise<{ minutes: number; collection: string; n: number }[]> {
  const { rows } = await db.execute<{ minutes: number; collection: string; n: number }>(sql`
    select w.minutes, p.collection, count(*)::int as n
      from unnest(${sql.param(intervals)}::int[]) as w(minutes)
      join pending_buys p on p.seen_at > ${now}::timestamptz - w.minutes * interval '1 minute'
     group by w.minutes, p.collection`);
  return rows;
}

async function watchlistsOf(db: Database, users: string[]): Promise<Map<string, Set<string>>> {
  const lists = new Map<string, Set<string>>();
  if (users.length === 0) return lists;
  const { rows } = await db.execute<{ user_address: string; collection: string }>(sql`
    select user_address, collection from watchlist where user_address = any(${sql.param([...new Set(users)])}::text[])`);
  for (const row of rows) lists.set(row.user_address, (lists.get(row.user_address) ?? new Set()).add(row.collection));
  return lists;
}

/**
 * 303: in the alert's collection, the holders who listed at least `listing_count` distinct items within the
 * interval while holding at least `owned_count` (ERC-721 owners as indexed; listing does not move an item).
 */
async function evaluateWhales(
  db: Database,
  now: Date,
  alerts: ActiveAlert[],
  states: Map<number, Map<string, State>>,
  candidates: Candidate[],
  writes: StateWrite[],
): Promise<void> {
  // One read for every collection and interval watched: who listed how many distinct items within it, keeping
  // only those at the least listing count any of its alerts asks, with what they hold.
  const groups = new Map<string, { collection: string; minutes: number; least: number }>();
  for (const alert of alerts) {
    if (alert.rule.type !== ALERT_TYPE.whaleListings) continue;
    const { address, interval, listing_count } = alert.rule;
    const key = `${address}:${interval}`;
    const group = groups.get(key);
    groups.set(key, {
      collection: address,
      minutes: interval,
      least: Math.min(group?.least ?? listing_count, listing_count),
    });
  }
  const watched = [...groups.values()];
  const longest = Math.max(...watched.map((group) => group.minutes));
  const { rows } = await db.execute<{
    collection: string;
    minutes: number;
    offerer: string;
    listed: number;
    owned: number;
  }>(sql`
    with g as (
      select * from unnest(${sql.param(watched.map((w) => w.collection))}::text[], ${sql.param(watched.map((w) => w.minutes))}::int[],
                           ${sql.param(watched.map((w) => w.least))}::int[]) as g(collection, minutes, least)
    ),
    listed as (
      select g.collection, g.minutes, l.offerer, count(distinct l.token_id)::int as listed
        from listings l
        join g on g.collection = l.collection and l.created_at > ${now}::timestamptz - g.minutes * interval '1 minute'
       where l.created_at > ${now}::timestamptz - ${longest} * interval '1 minute'
       group by g.collection, g.minutes, g.least, l.offerer
      having count(distinct l.token_id) >= g.least
    )
    select listed.*,
           (select count(*) from tokens t where t.collection = listed.collection and t.owner = listed.offerer)::int as owned
      from listed`);
  const byGroup = groupBy(rows, (row) => `${row.collection}:${row.minutes}`);
  for (const alert of alerts) {
    const rule = alert.rule;
    if (rule.type !== ALERT_TYPE.whaleListings) continue;
    const holders = byGroup.get(`${rule.address}:${rule.interval}`) ?? [];
    const aboveNow = new Map<string, number>();
    for (const row of holders) {
      if (row.owned >= rule.owned_count && row.listed >= rule.listing_count) aboveNow.set(row.offerer, row.listed);
    }
    const owned = new Map(holders.map((row) => [row.offerer, row.owned]));
    compareCrossings(alert, aboveNow, states, writes, (holder, listed) =>
      candidates.push({
        alert,
        source: `whale:${holder}:${now.getTime()}`,
        firing: {
          kind: 'whale',
          holder,
          owned: owned.get(holder) ?? 0,
          listed,
          minutes: rule.interval,
          collection: rule.address,
        },
        eventAt: now,
        block: null,
      }),
    );
  }
}

/**
 * 301: the floor now (the cheapest fillable listing) against the one the alert saw last. Crossing a trigger price
 * either way fires once, naming every price crossed; the first look only records the floor. No listing at all is
 * no floor, not a fall to zero: the last floor seen stays.
 */
async function evaluateFloors(
  db: Database,
  now: Date,
  alerts: ActiveAlert[],
  states: Map<number, Map<string, State>>,
  candidates: Candidate[],
  writes: StateWrite[],
): Promise<void> {
  const collections = [...new Set(alerts.map((alert) => alert.collection).filter((c): c is string => c !== null))];
  const at = sql`${now}::timestamptz`;
  const { rows } = await db.execute<{ address: string; floor: string | null }>(sql`
    select c.address, (select min(l.price_wei) from listings l where l.collection = c.address and ${fillableAt(at, 'l')})::text as floor
      from unnest(${sql.param(collections)}::text[]) as c(address)`);
  const floors = new Map(rows.map((row) => [row.address, row.floor]));
  for (const alert of alerts) {
    const rule = alert.rule;
    if (rule.type !== ALERT_TYPE.floorPrice) continue;
    const floor = floors.get(rule.address) ?? null;
    if (floor === null) continue;
    const state = states.get(alert.id)?.get('floor');
    const previous = state?.valueWei ?? null;
    if (previous === floor) continue;
    const crossed =
      previous === null
        ? []
        : rule.price_list.flatMap((price) => {
            const priceWei = ethTextToWei(price);
            if (priceWei === undefined) return [];
            const wasBelow = BigInt(previous) < priceWei;
            const isBelow = BigInt(floor) < priceWei;
            return wasBelow === isBelow
              ? []
              : [{ priceWei: priceWei.toString(), direction: isBelow ? 'down' : 'up' } as const];
          });
    writes.push({
      alertId: alert.id,
      key: 'floor',
      above: false,
      valueWei: floor,
      crossings: 0,
      fired: crossed.length > 0,
    });
    if (crossed.length > 0) {
      candidates.push({
        alert,
        source: `floor:${(state?.crossings ?? 0) + 1}`,
        firing: { kind: 'floor', collection: rule.address, floorWei: floor, crossed },
        eventAt: now,
        block: null,
      });
    }
  }
}

type WalletMark = { block: number; listingsAt: Date };

/** Returns the stamp as the marker reads it. */
async function setWalletCursor(tx: Transaction, mark: WalletMark): Promise<string> {
  const { rows } = await tx.execute<{ passed_at: string }>(sql`
    insert into alert_cursor (id, block_number, listings_at) values (true, ${mark.block}, ${mark.listingsAt})
    on conflict (id) do update set block_number = excluded.block_number, listings_at = excluded.listings_at
    returning listings_at::text as passed_at`);
  return rows[0]?.passed_at ?? '';
}

/**
 * 201: the tracked wallets' purchases, sales and mints in the blocks since the last pass, one firing per wallet,
 * transaction, collection and action (a sweep of 20 is one DM). 202: their listings accepted since the last pass.
 */
async function evaluateWallets(
  db: Database,
  from: WalletMark,
  to: WalletMark,
  alerts: ActiveAlert[],
  candidates: Candidate[],
): Promise<void> {
  const trades = new Map<string, { alert: ActiveAlert; wallet: AlertWallet }[]>();
  const listings = new Map<string, { alert: ActiveAlert; wallet: AlertWallet }[]>();
  for (const alert of alerts) {
    if (!('qb_address2' in alert.rule)) continue;
    const index = alert.type === ALERT_TYPE.walletTrades ? trades : listings;
    for (const wallet of alert.rule.qb_address2) {
      const watchers = index.get(wallet.address);
      if (watchers) watchers.push({ alert, wallet });
      else index.set(wallet.address, [{ alert, wallet }]);
    }
  }

  if (trades.size > 0 && to.block > from.block) {
    const wallets = sql.param([...trades.keys()]);
    const { rows } = await db.execute<{
      wallet: string;
      action: 'bought' | 'sold' | 'minted';
      tx_hash: string;
      collection: string;
      block_number: string;
      block_hash: string | null;
      block_time: string | Date;
      items: number;
      total_wei: string | null;
    }>(sql`
      with events as (
        select s.buyer as wallet, 'bought' as action, s.tx_hash, s.collection, s.block_number, s.block_time, s.price_wei
          from sales s where s.block_number > ${from.block} and s.block_number <= ${to.block} and s.buyer = any(${wallets}::text[])
        union all
        select s.seller, 'sold', s.tx_hash, s.collection, s.block_number, s.block_time, s.price_wei
          from sales s where s.block_number > ${from.block} and s.block_number <= ${to.block} and s.seller = any(${wallets}::text[])
        union all
        select t.to_address, 'minted', t.tx_hash, t.collection, t.block_number, t.block_time, null
          from transfers t
         where t.block_number > ${from.block} and t.block_number <= ${to.block}
           and t.from_address = '0x0000000000000000000000000000000000000000' and t.to_address = any(${wallets}::text[])
      )
      select e.wallet, e.action, e.tx_hash, e.collection, e.block_number, b.hash as block_hash, min(e.block_time) as block_time,
             count(*)::int as items, sum(e.price_wei)::text as total_wei
        from events e left join chain_blocks b on b.number = e.block_number
       group by e.wallet, e.action, e.tx_hash, e.collection, e.block_number, b.hash`);
    for (const row of rows) {
      for (const { alert, wallet } of trades.get(row.wallet) ?? []) {
        candidates.push({
          alert,
          source: `${row.action}:${row.tx_hash}:${row.wallet}:${row.collection}`,
          firing: {
            kind: 'wallet',
            action: row.action,
            wallet: label(wallet),
            collection: row.collection,
            items: row.items,
            totalWei: row.total_wei,
            txHash: row.tx_hash,
          },
          eventAt: new Date(row.block_time),
          block: row.block_hash === null ? null : { number: Number(row.block_number), hash: row.block_hash },
        });
      }
    }
  }

  if (listings.size > 0) {
    const since = new Date(from.listingsAt.getTime() - LISTINGS_OVERLAP_MS);
    const { rows } = await db.execute<{
      order_hash: string;
      offerer: string;
      collection: string;
      token_id: string;
      price_wei: string;
      created_at: string | Date;
    }>(sql`
      select order_hash, offerer, collection, token_id::text, price_wei::text, created_at from listings
       where created_at > ${since} and created_at <= ${to.listingsAt} and offerer = any(${sql.param([...listings.keys()])}::text[])`);
    for (const row of rows) {
      const createdAt = new Date(row.created_at);
      for (const { alert, wallet } of listings.get(row.offerer) ?? []) {
        // The overlap reads listings from before a new alert existed: those are not news to it.
        if (createdAt < alert.createdAt) continue;
        candidates.push({
          alert,
          source: `listing:${row.order_hash}`,
          firing: {
            kind: 'listing',
            wallet: label(wallet),
            collection: row.collection,
            tokenId: row.token_id,
            priceWei: row.price_wei,
          },
          eventAt: createdAt,
          block: null,
        });
      }
    }
  }
}

/** Drops the candidates an earlier pass already fired (the same alert and cause). */
async function withoutEarlierFirings(db: Database, candidates: Candidate[]): Promise<Candidate[]> {
  if (candidates.length === 0) return [];
  const { rows } = await db.execute<{ alert_id: string; source: string }>(sql`
    select d.alert_id, d.source from alert_deliveries d
      join unnest(${sql.param(candidates.map((c) => c.alert.id))}::bigint[],
                  ${sql.param(candidates.map((c) => c.source))}::text[]) as c(alert_id, source)
        on d.alert_id = c.alert_id and d.source = c.source`);
  const fired = new Set(rows.map((row) => `${row.alert_id}|${row.source}`));
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = `${candidate.alert.id}|${candidate.source}`;
    if (fired.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** DMs each alert has queued or sent within the last hour: what its limit counts. */
async function recentDms(db: Database, alertIds: number[], now: Date): Promise<Map<number, number>> {
  if (alertIds.length === 0) return new Map();
  const { rows } = await db.execute<{ alert_id: string; n: number }>(sql`
    select alert_id, count(*)::int as n from alert_deliveries
     where alert_id = any(${sql.param([...new Set(alertIds)])}::bigint[])
       and fired_at > ${new Date(now.getTime() - HOUR_MS)} and status in ('queued', 'sent')
     group by alert_id`);
  return new Map(rows.map((row) => [Number(row.alert_id), row.n]));
}

async function collectionNames(db: Database, origin: string, candidates: Candidate[]): Promise<Map<string, Named>> {
  const addresses = [...new Set(candidates.flatMap((c) => ('collection' in c.firing ? [c.firing.collection] : [])))];
  if (addresses.length === 0) return new Map();
  const { rows } = await db.execute<{ address: string; name: string | null }>(sql`
    select address, name from collections where address = any(${sql.param(addresses)}::text[])`);
  const names = new Map(rows.map((row) => [row.address, row.name]));
  return new Map(
    addresses.map((address) => [
      address,
      { name: names.get(address) ?? shortAddress(address), url: `${origin}/collection/${address}` },
    ]),
  );
}

function named(firing: Unnamed<Firing>, names: Map<string, Named>): Firing {
  if (!('collection' in firing)) return firing;
  const collection = names.get(firing.collection) ?? { name: shortAddress(firing.collection), url: '' };
  return { ...firing, collection } as Firing;
}

async function writeStates(tx: Transaction, writes: StateWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await tx.execute(sql`
    insert into alert_states (alert_id, key, above, value_wei, crossings)
    select w.* from unnest(${sql.param(writes.map((w) => w.alertId))}::bigint[], ${sql.param(writes.map((w) => w.key))}::text[],
                           ${sql.param(writes.map((w) => w.above))}::boolean[], ${sql.param(writes.map((w) => w.valueWei))}::numeric[],
                           ${sql.param(writes.map((w) => (w.fired ? 1 : 0)))}::int[]) as w(alert_id, key, above, value_wei, crossings)
      -- An alert deleted since the pass read it has no state to keep.
      join alerts a on a.id = w.alert_id
    on conflict (alert_id, key) do update
      set above = excluded.above, value_wei = excluded.value_wei, crossings = alert_states.crossings + excluded.crossings`);
}

type DeliveryRow = {
  alertId: number;
  user: string;
  source: string;
  content: string;
  status: 'queued' | 'limited';
  blockNumber: number | null;
  blockHash: string | null;
  eventAt: Date;
};

async function insertDeliveries(
  tx: Transaction,
  rows: DeliveryRow[],
  now: Date,
): Promise<{ id: number; status: DeliveryRow['status'] }[]> {
  if (rows.length === 0) return [];
  const column = <T>(value: (row: DeliveryRow) => T) => sql.param(rows.map(value));
  // An alert deleted since it was read takes its firings with it: the join skips them instead of failing the pass.
  const { rows: written } = await tx.execute<{ id: string; status: DeliveryRow['status'] }>(sql`
    insert into alert_deliveries (alert_id, user_address, source, content, status, block_number, block_hash, event_at, fired_at)
    select d.alert_id, d.user_address, d.source, d.content, d.status, d.block_number, d.block_hash, d.event_at, ${now}
      from unnest(${column((r) => r.alertId)}::bigint[], ${column((r) => r.user)}::text[], ${column((r) => r.source)}::text[],
                  ${column((r) => r.content)}::text[], ${column((r) => r.status)}::text[], ${column((r) => r.blockNumber)}::bigint[],
                  ${column((r) => r.blockHash)}::text[], ${column((r) => r.eventAt)}::timestamptz[])
           as d(alert_id, user_address, source, content, status, block_number, block_hash, event_at)
      join alerts a on a.id = d.alert_id
    on conflict on constraint alert_deliveries_source_key do nothing
    returning id, status`);
  return written.map((row) => ({ id: Number(row.id), status: row.status }));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** How a DM names a tracked wallet: the nickname the user gave it, else its short address. */
function label(wallet: AlertWallet): string {
  return wallet.nickname || shortAddress(wallet.address);
}

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
