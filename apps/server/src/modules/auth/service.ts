import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginData,
  type LoginRequest,
  type NoticeData,
  normalizeAddress,
  NOTICE_TTL_MS,
  SESSION_TTL_MS,
  Status,
} from '@floordesk/protocol';
import { type Address, isHex, recoverMessageAddress } from 'viem';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { recordLogin } from '../user/service';
import { cachedSession, cacheSession, evictSession } from './session-cache';
import { buildNotice, type Notice, readNotice } from './siwe';
import {
  consumeNonce,
  findLiveSession,
  findNonce,
  insertNonce,
  insertSession,
  revokeSession,
  type Session,
} from './store';

export type { Session } from './store';

/** A notice for the configured origin and chain, kept with its nonce: a login must sign exactly this text. */
export async function issueNotice(ctx: AppContext, address: string): Promise<Result<NoticeData>> {
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + NOTICE_TTL_MS);
  // Not viem's generateSiweNonce: it draws from Math.random, and a nonce guards sign-in.
  const nonce = randomBytes(16).toString('hex');
  const owner = normalizeAddress(address);
  if (!allowed(ctx, owner)) return refuse(Status.NotAllowlisted);
  const { origin, chainId } = ctx.config;
  const notice = buildNotice({ origin, address: owner, chainId, nonce, issuedAt, expiresAt });
  await insertNonce(ctx.db, { nonce, address: owner, message: notice, issuedAt, expiresAt });
  return ok({ notice, expires_at: expiresAt.toISOString() });
}

/**
 * Verifies a signed notice and opens a session. Only a fully valid login consumes the nonce, in the transaction
 * that records the user and the session: a refusal writes nothing and one nonce opens at most one session.
 */
export async function login(ctx: AppContext, request: LoginRequest): Promise<Result<LoginData>> {
  const verified = await verifyNotice(ctx, request);
  if (!verified.ok) return verified;
  const address = normalizeAddress(request.address);
  if (!allowed(ctx, address)) return refuse(Status.NotAllowlisted);
  const signNum = randomBytes(32).toString('hex');
  const at = ctx.now();
  const opened = await ctx.db.transaction(async (tx) => {
    if (!(await consumeNonce(tx, verified.value.nonce, at))) return false;
    await recordLogin(tx, address, at);
    await insertSession(tx, {
      address,
      secretHash: hashSecret(signNum),
      createdAt: at,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
    });
    return true;
  });
  return opened ? ok({ token: address, sign_num: signNum }) : refuse(Status.NoticeUsed);
}

/** The session a `sign_num` opened for this address, if it is still live. */
export async function authenticate(ctx: AppContext, signNum: string, address: string): Promise<Session | undefined> {
  const secretHash = hashSecret(signNum);
  const owner = normalizeAddress(address);
  // A wallet taken off the allow list loses its sessions with the next restart that reads the list.
  if (!allowed(ctx, owner)) return undefined;
  const now = ctx.now();
  const cached = cachedSession(ctx, secretHash, owner, now);
  if (cached) return cached;
  const live = await findLiveSession(ctx.db, secretHash, owner, now);
  return live && cacheSession(ctx, secretHash, live, now);
}

export async function logout(ctx: AppContext, session: Session): Promise<void> {
  await revokeSession(ctx.db, session.id, ctx.now());
  evictSession(ctx, session.id);
}

/**
 * The notice's named fields first, so a message for another site, chain or address is refused as such; then the
 * nonce; then the text, which must be the notice issued with that nonce to the character. Only our own text is
 * accepted, so its address is checksummed, its expiry is the nonce's and it states no Not Before or Resources.
 */
async function verifyNotice(ctx: AppContext, request: LoginRequest): Promise<Result<Notice>> {
  const notice = readNotice(request.message);
  if (!notice) return refuse(Status.NoticeMalformed);
  const address = normalizeAddress(request.address);
  if (normalizeAddress(notice.address) !== address) return refuse(Status.NoticeAddressMismatch);
  if (notice.domain !== ctx.config.origin.host) return refuse(Status.NoticeDomainMismatch);
  if (notice.chainId !== ctx.config.chainId) return refuse(Status.NoticeChainMismatch);

  const issued = await findNonce(ctx.db, notice.nonce);
  if (!issued) return refuse(Status.NoticeUnknown);
  if (issued.address !== address) return refuse(Status.NoticeAddressMismatch);
  if (issued.usedAt) return refuse(Status.NoticeUsed);
  if (ctx.now() >= issued.expiresAt) return refuse(Status.NoticeExpired);
  if (request.message !== issued.message) return refuse(Status.NoticeAltered);

  const signer = await recoverSigner(request.message, request.signature);
  if (!signer || normalizeAddress(signer) !== address) return refuse(Status.SignatureMismatch);
  return ok(notice);
}

/** Recovers offline (no ERC-1271 call); a signature that is not a valid curve point recovers no one. */
async function recoverSigner(message: string, signature: string): Promise<Address | undefined> {
  if (!isHex(signature)) return undefined;
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return undefined;
  }
}

/** The operator's allow list (SIGN_IN_ALLOWLIST), when switched on, admits only the wallets it names. */
function allowed(ctx: AppContext, address: string): boolean {
  return ctx.config.signInAllowlist?.has(address) ?? true;
}

function hashSecret(signNum: string): string {
  return createHash('sha256').update(signNum).digest('hex');
}
