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
import { buildNotice, type Notice, readNotice, type SiweOrigin } from './siwe';
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
export type { SiweOrigin } from './siwe';

export async function issueNotice(ctx: AppContext, address: string, origin: SiweOrigin): Promise<Result<NoticeData>> {
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + NOTICE_TTL_MS);
  // Not viem's generateSiweNonce: it draws from Math.random, and a nonce guards sign-in.
  const nonce = randomBytes(16).toString('hex');
  const owner = normalizeAddress(address);
  const notice = buildNotice({ origin, address: owner, chainId: ctx.config.chainId, nonce, issuedAt, expiresAt });
  // Without PUBLIC_ORIGIN the domain is the request's Host header, which a client can make anything.
  if (!notice) return refuse(Status.BadRequest);
  await insertNonce(ctx.db, {
    nonce,
    address: owner,
    domain: origin.domain,
    chainId: ctx.config.chainId,
    issuedAt,
    expiresAt,
  });
  return ok({ notice, expires_at: expiresAt.toISOString() });
}

/**
 * Verifies a signed notice and opens a session. Only a fully valid login consumes the nonce, in the transaction
 * that records the user and the session: a refusal writes nothing and one nonce opens at most one session.
 */
export async function login(ctx: AppContext, request: LoginRequest, domain: string): Promise<Result<LoginData>> {
  const verified = await verifyNotice(ctx, request, domain);
  if (!verified.ok) return verified;
  const address = normalizeAddress(request.address);
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

async function verifyNotice(ctx: AppContext, request: LoginRequest, domain: string): Promise<Result<Notice>> {
  const notice = readNotice(request.message);
  if (!notice) return refuse(Status.NoticeMalformed);
  const address = normalizeAddress(request.address);
  if (normalizeAddress(notice.address) !== address) return refuse(Status.NoticeAddressMismatch);

  const issued = await findNonce(ctx.db, notice.nonce);
  if (!issued) return refuse(Status.NoticeUnknown);
  if (issued.address !== address) return refuse(Status.NoticeAddressMismatch);
  if (issued.usedAt) return refuse(Status.NoticeUsed);
  const now = ctx.now();
  if (now >= issued.expiresAt || (notice.expirationTime && now >= notice.expirationTime)) {
    return refuse(Status.NoticeExpired);
  }
  if (notice.domain !== domain || notice.domain !== issued.domain) return refuse(Status.NoticeDomainMismatch);
  if (notice.chainId !== ctx.config.chainId) return refuse(Status.NoticeChainMismatch);

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

function hashSecret(signNum: string): string {
  return createHash('sha256').update(signNum).digest('hex');
}
