import { z } from 'zod';
import { Address, Signature } from './primitives';

/** Sign-in notices are EIP-4361 messages; this bounds what we will parse. */
export const NOTICE_MAX_LENGTH = 2048;
/** A notice's nonce is single-use and expires after 10 minutes. */
export const NOTICE_TTL_MS = 10 * 60 * 1000;
/** Sessions last 30 days unless revoked by sign-out. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const NoticeRequest = z.object({ address: Address });
export type NoticeRequest = z.infer<typeof NoticeRequest>;

export const NoticeData = z.object({
  /** The EIP-4361 message the wallet signs with `personal_sign`. */
  notice: z.string(),
  expires_at: z.iso.datetime(),
});
export type NoticeData = z.infer<typeof NoticeData>;

export const LoginRequest = z.object({
  address: Address,
  message: z.string().min(1).max(NOTICE_MAX_LENGTH),
  signature: Signature,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginData = z.object({
  /** The lowercased address: the spec's login identity, sent back as `X-Address`. */
  token: z.string(),
  /** The session secret, sent back as `Authorization: Bearer <sign_num>`; the server keeps only its hash. */
  sign_num: z.string(),
});
export type LoginData = z.infer<typeof LoginData>;
