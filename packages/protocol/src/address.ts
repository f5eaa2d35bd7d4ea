/** A 20-byte hex address in any case. */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Whether `value` is a 20-byte hex address in any case; the checksum is not verified. */
export function isHexAddress(value: string): value is `0x${string}` {
  return ADDRESS_PATTERN.test(value);
}

/** Lowercases an address: the one place the identity rule lives (a user is their wallet address, lowercased). */
export function normalizeAddress(address: string): `0x${string}` {
  return address.toLowerCase() as `0x${string}`;
}
