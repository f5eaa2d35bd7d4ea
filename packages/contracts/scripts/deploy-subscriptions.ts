/**
 * Deploys FloorDeskSubscriptions: `npm run deploy-subscriptions -w packages/contracts` with RPC_URL, DEPLOYER_KEY
 * (which pays for the deploy and becomes the owner), QUOTE_SIGNER_ADDRESS and SUBSCRIPTION_TREASURY set.
 */
import { createPublicClient, createWalletClient, getAddress, http, isAddress, isAddressEqual, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadArtifacts, receiptOf } from '../src/index';

/** A mainnet deploy can wait for blocks well past receiptOf's default minute. */
const RECEIPT_TIMEOUT_MS = 10 * 60_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The variable as `parse` reads it; exits on a missing or invalid one, never echoing it (it may be the key). */
function required<T>(name: string, expected: string, parse: (value: string) => T): T {
  const value = process.env[name]?.trim();
  if (!value) fail(`${name} is not set: it must be ${expected}.`);
  try {
    return parse(value);
  } catch {
    fail(`${name} is invalid: it must be ${expected}.`);
  }
}

function httpUrl(value: string): string {
  if (!['http:', 'https:'].includes(new URL(value).protocol)) throw new Error('not http');
  return value;
}

function nonZeroAddress(value: string): `0x${string}` {
  if (!isAddress(value) || isAddressEqual(value, zeroAddress)) throw new Error('not an address');
  return getAddress(value);
}

const rpcUrl = required('RPC_URL', 'an http(s) JSON-RPC URL', httpUrl);
const deployer = required('DEPLOYER_KEY', 'a 0x-prefixed 32-byte hex private key', (value) => {
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw new Error('not a key');
  return privateKeyToAccount(value as `0x${string}`);
});
const quoteSigner = required('QUOTE_SIGNER_ADDRESS', 'a non-zero address (checksummed if mixed-case)', nonZeroAddress);
const treasury = required('SUBSCRIPTION_TREASURY', 'a non-zero address (checksummed if mixed-case)', nonZeroAddress);

const { FloorDeskSubscriptions } = await loadArtifacts({ onProgress: (message) => console.error(message) });
const transport = http(rpcUrl, { timeout: 60_000 });
const chain = createPublicClient({ transport });
const wallet = createWalletClient({ account: deployer, transport });
const chainId = await chain.getChainId();

process.stdout.write(
  `Deploying FloorDeskSubscriptions on chain ${chainId}: owner ${deployer.address}, quote signer ${quoteSigner}, ` +
    `treasury ${treasury}\n`,
);
const hash = await wallet.deployContract({
  abi: FloorDeskSubscriptions.abi,
  bytecode: FloorDeskSubscriptions.bytecode,
  args: [deployer.address, quoteSigner, treasury],
  chain: null,
});
process.stdout.write(`Sent ${hash}; waiting for its receipt…\n`);
const receipt = await receiptOf(chain, hash, { timeoutMs: RECEIPT_TIMEOUT_MS });
if (receipt.status !== 'success' || !receipt.contractAddress) fail(`The deploy transaction ${hash} reverted.`);
const address = getAddress(receipt.contractAddress);
process.stdout.write(
  `FloorDeskSubscriptions deployed at ${address} (block ${receipt.blockNumber}).\n` +
    `Put this line in the server's environment:\nSUBSCRIPTION_CONTRACT=${address}\n`,
);
