import { concat, encodeAbiParameters, getContractAddress, keccak256 } from 'viem';
import { expect, test } from 'vitest';
import { loadArtifacts } from './index';

/** Mainnet's ConduitController, Seaport's only constructor argument there. */
const MAINNET_CONDUIT_CONTROLLER = '0x00000000F9490004C11Cef243f5400493c00Ad63';
/** The keyless CREATE2 factory, and the salt Seaport 1.6 was deployed with through it. */
const CREATE2_FACTORY = '0x0000000000FFe8B47B3e2130213B802212439497';
const SEAPORT_SALT = '0x0000000000000000000000000000000000000000d738b7f0bb99901b1c83f249';
const MAINNET_SEAPORT = '0x0000000000000068F116a894984e2DB1123eB395';

test("compiles Seaport 1.6 byte-identical to mainnet's", async () => {
  const { Seaport } = await loadArtifacts();
  const initcode = concat([Seaport.bytecode, encodeAbiParameters([{ type: 'address' }], [MAINNET_CONDUIT_CONTROLLER])]);
  const bytecodeHash = keccak256(initcode);

  expect(bytecodeHash).toBe('0xde057106c8377de87f4547af6ef65fa2c96fddbc136be5748060ed7c32902d94');
  // Only mainnet's true initcode hash derives mainnet's address, which proves the constant above.
  expect(getContractAddress({ opcode: 'CREATE2', from: CREATE2_FACTORY, salt: SEAPORT_SALT, bytecodeHash })).toBe(
    MAINNET_SEAPORT,
  );
});
