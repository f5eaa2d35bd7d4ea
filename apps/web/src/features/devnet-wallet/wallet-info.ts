/** How the built-in devnet wallet introduces itself over EIP-6963 (its id is the rdns, as for any wallet). */
export const DEVNET_WALLET = {
  uuid: '5b0f3a52-58c1-4d1e-8f3e-6a1f2f0c9d47',
  rdns: 'app.floordesk.devnetwallet',
  name: 'FloorDesk Devnet Wallet',
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%232ee6a6'/%3E%3Cpath d='M8 11h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H8z' fill='none' stroke='%2304140e' stroke-width='2.2'/%3E%3Cpath d='M8 11l11-4v4' fill='none' stroke='%2304140e' stroke-width='2.2' stroke-linejoin='round'/%3E%3Ccircle cx='20' cy='17.5' r='1.6' fill='%2304140e'/%3E%3C/svg%3E",
} as const;
