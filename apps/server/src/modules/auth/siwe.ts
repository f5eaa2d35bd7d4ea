import { type Address, zeroAddress } from 'viem';
import { createSiweMessage, parseSiweMessage, SiweInvalidMessageFieldError } from 'viem/siwe';
import { ConfigError } from '../../config';

const STATEMENT = 'Sign in to FloorDesk. This request will not trigger a blockchain transaction or cost any gas fees.';

/** The fields a login's refusals name; the signed text itself is compared whole with the notice issued. */
export type Notice = {
  address: Address;
  domain: string;
  chainId: number;
  nonce: string;
};

/** The EIP-4361 message to sign for the site at `origin`: its host is the domain, its origin the URI. */
export function buildNotice(fields: {
  origin: URL;
  address: Address;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return createSiweMessage({
    domain: fields.origin.host,
    uri: fields.origin.origin,
    address: fields.address,
    statement: STATEMENT,
    version: '1',
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expiresAt,
  });
}

/**
 * Refuses at start an origin no notice can name, rather than every sign-in later: viem writes an EIP-4361 domain only
 * as a DNS name with a dot, an IPv4 address or localhost (not an IPv6 address or a single-label host name).
 */
export function checkNoticeOrigin(origin: URL): void {
  const at = new Date(0);
  try {
    buildNotice({ origin, address: zeroAddress, chainId: 1, nonce: '00000000', issuedAt: at, expiresAt: at });
  } catch (error) {
    if (!(error instanceof SiweInvalidMessageFieldError)) throw error;
    throw new ConfigError(
      `Sign-in cannot name ${origin.host} as its domain: set PUBLIC_ORIGIN to an address with a DNS name, ` +
        'an IPv4 address or localhost',
    );
  }
}

/** The fields of an EIP-4361 message that a login's refusals name, or undefined when one is missing. */
export function readNotice(message: string): Notice | undefined {
  const { address, domain, chainId, nonce } = parseSiweMessage(message);
  if (!address || !domain || chainId === undefined || !nonce) return undefined;
  return { address, domain, chainId, nonce };
}
