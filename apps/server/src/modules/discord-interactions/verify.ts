import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * How far a signed timestamp may be from our clock. Discord sends an interaction as it signs it; an older one is a
 * recording replayed (a valid signature never expires by itself).
 */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

const SIGNATURE = /^[0-9a-fA-F]{128}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

/** An application's public key (64 hex characters, the raw 32 bytes of an Ed25519 key) as node:crypto's key. */
export function ed25519PublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('an Ed25519 public key is 64 hex characters');
  const x = Buffer.from(hex, 'hex').toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/**
 * Whether Discord signed this request: `X-Signature-Ed25519` is the signature of `X-Signature-Timestamp` followed
 * by the body exactly as received, by the application's key, and the timestamp is recent.
 */
export function isSignedInteraction(
  key: KeyObject,
  signature: unknown,
  timestamp: unknown,
  rawBody: string,
  nowMs: number,
): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return false;
  return verify(null, Buffer.from(timestamp + rawBody), key, Buffer.from(signature, 'hex'));
}
