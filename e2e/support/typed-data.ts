import type { Hex } from 'viem';

/** An `eth_signTypedData_v4` request as the wallet shows it to the user: the EIP-712 payload, parsed. */
export type TypedDataAsk = {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
};

/** A payload the user signed, and the signature the wallet gave back. */
export type SignedTypedData = { ask: TypedDataAsk; signature: Hex };
