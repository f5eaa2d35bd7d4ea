import { randomInt } from 'node:crypto';
import {
  CODE_ALPHABET,
  type CommunityData,
  type CommunityJoinedData,
  type CommunityRequest,
  IDENTITY,
  type IdentityRequest,
  INVITATION_CODE_PATTERN,
  type InvitationData,
  normalizeAddress,
  Status,
  TRIAL_CODE_LENGTH,
  TRIAL_CODE_STATUS,
  TRIAL_CODES_PER_MONTH,
  type TrialCodeData,
  type TrialCodeItem,
  type TrialCodesData,
  type TrialRedeemedData,
} from '@floordesk/protocol';
import { indexedHead } from '../../chain/store';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/pool';
import { ok, refuse, type Result } from '../../result';
import { unixSeconds } from '../../time';
import { identityOf, lockUser, setIdentity } from '../user/service';
import { creditedTo, entitlementOf, trialTimes } from './entitlement';
import {
  claimTrialCode,
  communityByCode,
  communityById,
  countInvitees,
  countTrialCodesSince,
  findTrialCode,
  hasPaid,
  insertInvitation,
  insertInvitationCode,
  insertTrial,
  insertTrialCode,
  invitationCodeOf,
  invitationCodeOwner,
  inviterOf,
  rewardedInvitations,
  trialCodesOf,
  trialOf,
  type TrialCodeRow,
  upsertCommunity,
  upsertInvitationCode,
} from './store';

/** A random code from CODE_ALPHABET. */
function drawCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Codes are typed by hand: spaces around them and lower case are forgiven. */
function typedCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The first instant of the calendar month (UTC) `at` falls in: the allowance renews then. */
function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function codeStatus(row: TrialCodeRow, now: Date): TrialCodeItem['status'] {
  if (row.redeemedBy === null) return TRIAL_CODE_STATUS.unused;
  if (row.subscribed) return TRIAL_CODE_STATUS.usedSubscribed;
  const running =
    row.trialStartedAt !== null && trialTimes({ startedAt: row.trialStartedAt }).ends_at > unixSeconds(now);
  return running ? TRIAL_CODE_STATUS.usedNotSubscribed : TRIAL_CODE_STATUS.used;
}

export async function trialCodes(ctx: AppContext, address: string): Promise<TrialCodesData> {
  const now = ctx.now();
  const [entitlement, rows] = await Promise.all([entitlementOf(ctx, address), trialCodesOf(ctx.db, address)]);
  const since = monthStart(now);
  const { trial } = entitlement;

  return {
    member: entitlement.member,
    issued_this_month: rows.filter((row) => row.createdAt >= since).length,
    per_month: TRIAL_CODES_PER_MONTH,
    list: rows.map((row) => ({
      code: row.code,
      created_at: unixSeconds(row.createdAt),
      status: codeStatus(row, now),
      redeemed_at: row.redeemedAt && unixSeconds(row.redeemedAt),
    })),
    trial: trial ? { ...trialTimes(trial), ended: trialTimes(trial).ends_at <= unixSeconds(now) } : null,
  };
}

/** A new trial code for a member. Refusals: 1918 not a member, 1917 this month's three are out. */
export async function issueTrialCode(ctx: AppContext, owner: string): Promise<Result<TrialCodeData>> {
  if (!(await entitlementOf(ctx, owner)).member) return refuse(Status.MembersOnly);
  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<Result<TrialCodeData>> => {
    // Concurrent asks at the allowance would otherwise all count two and all insert.
    await lockUser(tx, owner);
    if ((await countTrialCodesSince(tx, owner, monthStart(now))) >= TRIAL_CODES_PER_MONTH) {
      return refuse(Status.TrialCodeLimit);
    }
    for (;;) {
      const code = drawCode(TRIAL_CODE_LENGTH);
      if (await insertTrialCode(tx, code, owner, now)) return ok({ code });
    }
  });
}

/**
 * A non-member's trial from a member's code, once per person. Refusals, in order: 1911 empty, 1916 already a
 * member, 1914/1915 a trial already had (over / running), 1912 no such code, 1913 someone took it. Of concurrent
 * redemptions of one code exactly one succeeds (the claim is one conditional update); one person's concurrent
 * redemptions of several codes run one at a time (their user row is locked), so they take at most one.
 */
export async function redeemTrialCode(
  ctx: AppContext,
  redeemer: string,
  text: string,
): Promise<Result<TrialRedeemedData>> {
  const code = typedCode(text);
  if (code === '') return refuse(Status.TrialCodeEmpty);
  if ((await entitlementOf(ctx, redeemer)).member) return refuse(Status.AlreadyMember);
  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<Result<TrialRedeemedData>> => {
    // The trial they may have had is read under the lock, so two codes at once cannot both start one.
    await lockUser(tx, redeemer);
    const had = await trialOf(tx, redeemer);
    if (had) return refuse(trialTimes(had).ends_at <= unixSeconds(now) ? Status.TrialExpired : Status.TrialRunning);
    const found = await findTrialCode(tx, code);
    if (!found) return refuse(Status.TrialCodeUnknown);
    if (!(await claimTrialCode(tx, code, redeemer, now))) return refuse(Status.TrialCodeUsed);
    await insertTrial(tx, { address: redeemer, code, startedAt: now });
    return ok({ ends_at: trialTimes({ startedAt: now }).ends_at });
  });
}

async function invitationData(ctx: AppContext, address: string, code: string): Promise<InvitationData> {
  const credited = creditedTo(await indexedHead(ctx.db), ctx.config.subscriptions.confirmations);
  const [invitedBy, invitees, rewards] = await Promise.all([
    inviterOf(ctx.db, address),
    countInvitees(ctx.db, address),
    rewardedInvitations(ctx.db, address, credited),
  ]);
  return { code, invited_by: invitedBy ?? null, invitees, rewarded: rewards.length };
}

/** The caller's invitation code, made on first ask (8 characters; a clash draws again). */
export async function invitation(ctx: AppContext, address: string): Promise<InvitationData> {
  let code = await invitationCodeOf(ctx.db, address);
  while (code === undefined) {
    const drawn = drawCode(8);
    if (await insertInvitationCode(ctx.db, address, drawn)) code = drawn;
    // A concurrent first ask may have made one: read it rather than make two.
    else code = await invitationCodeOf(ctx.db, address);
  }
  return invitationData(ctx, address, code);
}

/** Chooses the caller's code. Refusals: 1921 not 4–16 letters or digits, 1922 someone else's (in any case). */
export async function setInvitationCode(
  ctx: AppContext,
  address: string,
  text: string,
): Promise<Result<InvitationData>> {
  const code = text.trim();
  if (!INVITATION_CODE_PATTERN.test(code)) return refuse(Status.InvitationCodeInvalid);
  try {
    if (!(await upsertInvitationCode(ctx.db, address, code))) return refuse(Status.InvitationCodeTaken);
  } catch (error) {
    // Two people claiming one code at once: the unique index lets one through.
    if (isUniqueViolation(error)) return refuse(Status.InvitationCodeTaken);
    throw error;
  }
  return ok(await invitationData(ctx, address, code));
}

/**
 * Records who invited the caller. Refusals: 1921 malformed, 1923 no such code, 1924 their own, 1926 they have paid
 * already, 1925 they used a code before.
 */
export async function useInvitationCode(
  ctx: AppContext,
  invitee: string,
  text: string,
): Promise<Result<InvitationData>> {
  const code = text.trim();
  if (!INVITATION_CODE_PATTERN.test(code)) return refuse(Status.InvitationCodeInvalid);
  const inviter = await invitationCodeOwner(ctx.db, code);
  if (inviter === undefined) return refuse(Status.InvitationCodeUnknown);
  if (inviter === invitee) return refuse(Status.InvitationOwnCode);
  if (await hasPaid(ctx.db, invitee)) return refuse(Status.InvitationTooLate);
  if (!(await insertInvitation(ctx.db, invitee, inviter, ctx.now()))) return refuse(Status.InvitationAlreadyUsed);
  return ok(await invitation(ctx, invitee));
}

/** A community manager's community. Refusal: 1933 the caller manages none. */
export async function communityCode(ctx: AppContext, address: string): Promise<Result<CommunityData>> {
  const { identity, communityId } = await identityOf(ctx.db, address);
  const community =
    identity === IDENTITY.communityManager && communityId !== null
      ? await communityById(ctx.db, communityId)
      : undefined;
  if (!community) return refuse(Status.CommunityManagersOnly);
  return ok({ name: community.name, code: community.code, half_year_price: community.halfYearPriceWei });
}

/**
 * Joins a partner community: an ordinary user (or a member of another community) gets its price. Refusals: 1931 no
 * such code, 1932 an identity with its own price (genesis, moderator, a community's manager).
 */
export async function useCommunityCode(
  ctx: AppContext,
  address: string,
  text: string,
): Promise<Result<CommunityJoinedData>> {
  const community = await communityByCode(ctx.db, text.trim());
  if (!community) return refuse(Status.CommunityCodeUnknown);
  const { identity } = await identityOf(ctx.db, address);
  if (identity !== IDENTITY.ordinary && identity !== IDENTITY.communityMember) {
    return refuse(Status.CommunityCodeNotForYou);
  }
  await setIdentity(ctx.db, address, IDENTITY.communityMember, community.id);
  return ok({ name: community.name, half_year_price: community.halfYearPriceWei, identity: IDENTITY.communityMember });
}

/** An operator's call. Refusals: 1931 a community identity without a known community, 404 never signed in. */
export async function setIdentityByOperator(ctx: AppContext, request: IdentityRequest): Promise<Result<null>> {
  const withCommunity = request.identity === IDENTITY.communityManager || request.identity === IDENTITY.communityMember;
  let communityId: number | null = null;
  if (withCommunity) {
    const community = request.community === undefined ? undefined : await communityByCode(ctx.db, request.community);
    if (!community) return refuse(Status.CommunityCodeUnknown);
    communityId = community.id;
  }
  if (!(await setIdentity(ctx.db, normalizeAddress(request.address), request.identity, communityId))) {
    return refuse(Status.NotFound);
  }
  return ok(null);
}

/** An operator's call. Refusal: 400 for a code that is not 4–16 letters or digits. */
export async function saveCommunity(ctx: AppContext, request: CommunityRequest): Promise<Result<null>> {
  const code = request.code.trim();
  if (!INVITATION_CODE_PATTERN.test(code)) return refuse(Status.BadRequest);
  await upsertCommunity(ctx.db, { name: request.name, code, halfYearPriceWei: BigInt(request.half_year_price) });
  return ok(null);
}
