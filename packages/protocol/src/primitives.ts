import { z } from 'zod';

/** A 20-byte hex address in any case; the server lowercases it (the spec's identity is lowercase). */
export const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x-prefixed 20-byte hex address' })
  .meta({ example: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' });

/** A 65-byte ECDSA signature as produced by `personal_sign`. */
export const Signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'must be a 0x-prefixed 65-byte hex signature' });

/** Lowercases an address: the one place the identity rule of spec §1 lives. */
export function normalizeAddress(address: string): `0x${string}` {
  return address.toLowerCase() as `0x${string}`;
}
