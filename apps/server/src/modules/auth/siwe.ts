import type { Address } from 'viem';
import { createSiweMessage, parseSiweMessage, SiweInvalidMessageFieldError } from 'viem/siwe';

const STATEMENT =
  'Sign in to FloorDesk. This request will not trigger a blockchain transaction or cost any gas fees.';

/** Where the sign-in happens: the EIP-4361 `domain` (host[:port]) and `uri` (origin). */
export type SiweOrigin = { domain: string; uri: string };

export type Notice = {
  address: Address;
  domain: string;
  chainId: number;
  nonce: string;
  expirationTime: Date | undefined;
};

/** The EIP-4361 message to sign, or undefined when the origin is not a valid RFC 3986 authority and URI. */
export function buildNotice(fields: {
  origin: SiweOrigin;
  address: Address;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string | undefined {
  try {
    return createSiweMessage({
      domain: fields.origin.domain,
      uri: fields.origin.uri,
      address: fields.address,
      statement: STATEMENT,
      version: '1',
      chainId: fields.chainId,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expiresAt,
    });
  } catch (error) {
    if (error instanceof SiweInvalidMessageFieldError) return undefined;
    throw error;
  }
}

/** The fields sign-in relies on, or undefined when the text is not a complete EIP-4361 message. */
export function readNotice(message: string): Notice | undefined {
  const { address, domain, uri, version, chainId, nonce, issuedAt, expirationTime } = parseSiweMessage(message);
  if (!address || !domain || !uri || version !== '1' || chainId === undefined || !nonce) return undefined;
  if (!isValidDate(issuedAt) || (expirationTime !== undefined && !isValidDate(expirationTime))) return undefined;
  return { address, domain, chainId, nonce, expirationTime };
}

function isValidDate(date: Date | undefined): date is Date {
  return date !== undefined && !Number.isNaN(date.getTime());
}
