import { z } from 'zod';

/** Public run-time configuration the web app needs before sign-in. */
export const AppConfigData = z.object({
  /** The chain FloorDesk trades on: 1 on mainnet, the devnet's id otherwise; the wallet must be on it. */
  chain_id: z.number().int().positive(),
  chain_name: z.string(),
  /**
   * True when the server runs its own devnet: the sign-in page then also offers the wallet built into the page
   * (anvil's public test keys, or a fresh one). Never on another chain.
   */
  devnet_wallet: z.boolean(),
  /**
   * Where the order book's listings come from: the devnet's bots, marketplace APIs whose keys are set, or nowhere (a
   * chain without marketplace keys: trades and trending from the chain, no listings to buy, and the app says why).
   */
  listings_source: z.enum(['devnet', 'marketplace_apis', 'none']),
  /** Build version of the server (shown in What's New and sent for diagnostics). */
  version: z.string(),
  /**
   * The account menu's outside links, each in both languages; '' hides one. `how_to_use` is the operator's guide, or
   * the one this server serves (`/guide/en`, `/guide/zh`); `chat` the community chat server's invite; `social` the
   * project's page on X.
   */
  links: z.object({
    how_to_use: z.object({ en: z.string(), zh: z.string() }),
    chat: z.string(),
    social: z.string(),
  }),
});
export type AppConfigData = z.infer<typeof AppConfigData>;
