import type { Address, Hex } from 'viem';

/**
 * How Seaport 1.6 was deployed on mainnet: through the keyless CREATE2 factory, with this salt, its one constructor
 * argument mainnet's ConduitController. The compiled artifact is byte-identical to mainnet's, so these derive
 * mainnet's address (seaport-initcode.test.ts), and a chain that runs the same deployment has mainnet's Seaport.
 */
export const MAINNET_SEAPORT_DEPLOYMENT: {
  create2Factory: Address;
  salt: Hex;
  conduitController: Address;
  seaport: Address;
} = {
  create2Factory: '0x0000000000FFe8B47B3e2130213B802212439497',
  salt: '0x0000000000000000000000000000000000000000d738b7f0bb99901b1c83f249',
  conduitController: '0x00000000F9490004C11Cef243f5400493c00Ad63',
  seaport: '0x0000000000000068F116a894984e2DB1123eB395',
};
