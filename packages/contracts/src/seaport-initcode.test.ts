import { concat, encodeAbiParameters, getContractAddress, keccak256 } from 'viem';
import { expect, test } from 'vitest';
import { loadArtifacts, MAINNET_SEAPORT_DEPLOYMENT } from './index';

const { create2Factory, salt, conduitController, seaport } = MAINNET_SEAPORT_DEPLOYMENT;

test("compiles Seaport 1.6 byte-identical to mainnet's", async () => {
  const { Seaport } = await loadArtifacts();
  const initcode = concat([Seaport.bytecode, encodeAbiParameters([{ type: 'address' }], [conduitController])]);
  const bytecodeHash = keccak256(initcode);

  expect(bytecodeHash).toBe('0xde057106c8377de87f4547af6ef65fa2c96fddbc136be5748060ed7c32902d94');
  // Only mainnet's true initcode hash derives mainnet's address, which proves the constant above.
  expect(getContractAddress({ opcode: 'CREATE2', from: create2Factory, salt, bytecodeHash })).toBe(seaport);
});
