import {
  type Lang,
  type PromotionOffer,
  type PromotionRequest,
  type PromotionSlug,
  type PromotionView,
  Status,
  statusMessage,
} from '@floordesk/protocol';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { ok, refuse, type Result } from '../../result';
import { unixSeconds } from '../../time';
import { promotionBySlug, type PromotionRow, upsertPromotion } from './store';

function stateOf(row: PromotionRow, now: Date): PromotionView['state'] {
  if (now < row.startsAt) return 'upcoming';
  return now < row.endsAt ? 'live' : 'ended';
}

/** A sale as its page shows it, in the caller's language; undefined when its page has none. */
export async function promotionView(
  ctx: AppContext,
  slug: PromotionSlug,
  lang: Lang,
): Promise<PromotionView | undefined> {
  const row = await promotionBySlug(ctx.db, slug);
  if (!row) return undefined;
  return {
    slug,
    title: lang === 'zh' ? row.titleZh : row.titleEn,
    body: lang === 'zh' ? row.bodyZh : row.bodyEn,
    starts_at: unixSeconds(row.startsAt),
    ends_at: unixSeconds(row.endsAt),
    state: stateOf(row, ctx.now()),
    ended_message: (lang === 'zh' ? row.endedZh : row.endedEn) ?? statusMessage(Status.PromotionEnded, lang),
    offers: row.offers,
  };
}

/**
 * The offers of a sale a quote may use: refused when it has ended (1903) or not started (1904). A page without a
 * sale prices as /plans does.
 */
export async function livePromotionOffers(
  ctx: AppContext,
  slug: PromotionSlug,
): Promise<Result<readonly PromotionOffer[]>> {
  const row = await promotionBySlug(ctx.db, slug);
  if (!row) return ok([]);
  const state = stateOf(row, ctx.now());
  if (state === 'ended') return refuse(Status.PromotionEnded);
  if (state === 'upcoming') return refuse(Status.PromotionNotStarted);
  return ok(row.offers);
}

/** An operator's sale, created or changed by slug. Refusal: 400 an end before the start (the route admits operators only). */
export async function savePromotion(ctx: AppContext, request: PromotionRequest): Promise<Result<null>> {
  if (request.ends_at <= request.starts_at) return refuse(Status.BadRequest);
  await writePromotion(ctx.db, request);
  return ok(null);
}

export async function writePromotion(db: Executor, request: PromotionRequest): Promise<void> {
  await upsertPromotion(db, {
    slug: request.slug,
    titleEn: request.title_en,
    titleZh: request.title_zh,
    bodyEn: request.body_en,
    bodyZh: request.body_zh,
    endedEn: request.ended_en ?? null,
    endedZh: request.ended_zh ?? null,
    startsAt: new Date(request.starts_at * 1000),
    endsAt: new Date(request.ends_at * 1000),
    offers: request.offers,
  });
}
