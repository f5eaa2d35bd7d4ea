import type { Artifacts } from '@floordesk/contracts';
import {
  CONDUIT_CONTROLLER_ABI,
  receiptOf,
  signQuote,
  type SubscriptionQuote,
  SUBSCRIPTIONS_ABI,
} from '@floordesk/contracts';
import { HALF_YEAR_PRICE_WEI, PLAN, planPriceWei, QUOTE_TTL_SECONDS } from '@floordesk/protocol';
import {
  type Account,
  type Address,
  type Chain,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  pad,
  type PublicClient,
  type TestClient,
  toHex,
  type Transport,
  type WalletClient,
} from 'viem';
import { foundry } from 'viem/chains';
import { ACCOUNT_PLAN, botAccounts, devnetAccount } from './accounts';
import { COLLECTIONS, type CollectionSpec, PREMINT_CHUNK } from './catalog';
import { DEVNET_ERC1155_ABI, DEVNET_ERC721_ABI } from './devnet-abi';
import { type DevnetEns, deployEns } from './ens';
import { FLIP_HISTORY, type HistoryListing, writeFlipHistory } from './flip-history';
import { type DevnetLooksRare, deployLooksRare } from './looksrare';
import { hiddenMetadataUri, metadataBaseUri } from './metadata';

/** What the deploy produced; the server reads its addresses as the devnet's row of the per-chain table. */
export type DevnetManifest = {
  /** Artifacts and catalog it was built from: a different key means the snapshot is stale. */
  key: string;
  /** When the devnet first started: the anchor of the reveal and the calendar. */
  createdAt: string;
  /** The origin baked into token URIs. */
  origin: string;
  deployer: Address;
  seaport: Address;
  conduitController: Address;
  conduit: { key: Hex; address: Address };
  looksRare: DevnetLooksRare;
  ethUsdFeed: Address;
  subscriptions: {
    address: Address;
    quoteSigner: Address;
    treasury: Address;
    /** The transaction of the first person's year subscription, paid at deploy. */
    devnetPayment: Hex;
  };
  ens: DevnetEns;
  /** The marketplaces on Seaport, told apart by their fee recipient: OpenSea. LooksRare runs its own exchange. */
  marketplaces: {
    opensea: { feeRecipient: Address; feeBps: number };
  };
  collections: Array<{ slug: string; address: Address; standard: CollectionSpec['standard'] }>;
  /** The listings of the month of trading written before the devnet opened (flip-history.ts). */
  listingHistory: HistoryListing[];
};

/** OpenSea's real fee recipient and fee. */
const MARKETPLACES: DevnetManifest['marketplaces'] = {
  opensea: { feeRecipient: '0x0000a26b00c1f0df003000390027140000faa719', feeBps: 250 },
};

/** ETH/USD with the feed's 8 decimals. */
const INITIAL_ETH_USD = 3_000_00000000n;

type Clients = {
  chain: PublicClient<Transport, Chain>;
  test: TestClient<'anvil', Transport, Chain>;
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>;
};

function clients(rpcUrl: string): Clients {
  const transport = http(rpcUrl, { timeout: 60_000 });
  return {
    // The deploy runs on an automining chain: a receipt follows its send within milliseconds, so poll fast.
    chain: createPublicClient({ chain: foundry, transport, pollingInterval: 20 }),
    test: createTestClient({ chain: foundry, transport, mode: 'anvil' }),
    wallet: (account) => createWalletClient({ chain: foundry, transport, account }),
  };
}

/**
 * Deploys the devnet's world on a fresh, automining anvil: ConduitController, Seaport 1.6 and a conduit for it,
 * LooksRare v2 with its WETH, the ETH/USD feed, the subscription contract with the first person's year paid, ENS with
 * names for the people and the bots, every catalog collection with its premint spread over the trader bots, and the
 * bots' approvals to Seaport and the conduit.
 */
export async function deployDevnet(options: {
  rpcUrl: string;
  artifacts: Artifacts;
  key: string;
  origin: string;
  onProgress?: (message: string) => void;
}): Promise<DevnetManifest> {
  const { chain, test, wallet } = clients(options.rpcUrl);
  const deployerAccount = devnetAccount(ACCOUNT_PLAN.deployer);
  const deployer = wallet(deployerAccount);
  const { artifacts } = options;
  // The world is deployed a month back in block time, so the trading history after it (flip-history.ts) falls
  // inside the flipper rule's window; the chain returns to the present before the first person subscribes.
  const historyEndMs = Date.now();
  await setChainTime(chain, historyEndMs - FLIP_HISTORY.spanMs - 3_600_000);

  const deploy = async (artifact: Artifacts[keyof Omit<Artifacts, 'hash'>], args: unknown[]): Promise<Address> => {
    const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await receiptOf(chain, hash);
    if (!receipt.contractAddress) throw new Error('deploy produced no contract');
    return receipt.contractAddress;
  };
  const confirm: Confirm = async (sent) => {
    const hash = await sent;
    const receipt = await receiptOf(chain, hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return hash;
  };

  options.onProgress?.('Deploying Seaport 1.6, LooksRare v2 and the test collections…');
  const conduitController = await deploy(artifacts.ConduitController, []);
  const seaport = await deploy(artifacts.Seaport, [conduitController]);
  // A conduit key starts with its creator's address.
  const conduitKey = concat([deployerAccount.address, pad('0x01', { size: 12 })]);
  await confirm(
    deployer.writeContract({
      address: conduitController,
      abi: CONDUIT_CONTROLLER_ABI,
      functionName: 'createConduit',
      args: [conduitKey, deployerAccount.address],
    }),
  );
  const [conduit] = await chain.readContract({
    address: conduitController,
    abi: CONDUIT_CONTROLLER_ABI,
    functionName: 'getConduit',
    args: [conduitKey],
  });
  await confirm(
    deployer.writeContract({
      address: conduitController,
      abi: CONDUIT_CONTROLLER_ABI,
      functionName: 'updateChannel',
      args: [conduit, seaport, true],
    }),
  );
  const looksRare = await deployLooksRare({
    chain,
    deployer,
    artifacts,
    protocolFeeRecipient: devnetAccount(ACCOUNT_PLAN.looksRareFeeRecipient).address,
  });
  const ethUsdFeed = await deploy(artifacts.EthUsdFeed, [INITIAL_ETH_USD]);
  const quoteSigner = devnetAccount(ACCOUNT_PLAN.quoteSigner);
  const treasury = devnetAccount(ACCOUNT_PLAN.treasury).address;
  const subscriptions = await deploy(artifacts.FloorDeskSubscriptions, [
    deployerAccount.address,
    quoteSigner.address,
    treasury,
  ]);
  const ens = await deployEns(chain, wallet, deployerAccount);

  const bots = botAccounts();
  const collections: DevnetManifest['collections'] = [];
  const deployedSpecs: { address: Address; spec: CollectionSpec }[] = [];
  for (const spec of COLLECTIONS) {
    const address =
      spec.standard === 'erc721'
        ? await deploy(artifacts.DevnetERC721, [
            spec.name,
            spec.symbol,
            BigInt(spec.supply),
            spec.mintPriceWei,
            metadataBaseUri(options.origin, spec.slug),
            spec.revealAfterMs === undefined ? '' : hiddenMetadataUri(options.origin, spec.slug),
            deployerAccount.address,
            BigInt(spec.royaltyBps),
          ])
        : await deploy(artifacts.DevnetERC1155, [
            spec.name,
            spec.symbol,
            BigInt(spec.supply),
            spec.mintPriceWei,
            metadataBaseUri(options.origin, spec.slug),
            deployerAccount.address,
            BigInt(spec.royaltyBps),
          ]);
    collections.push({ slug: spec.slug, address, standard: spec.standard });
    deployedSpecs.push({ address, spec });
    await premint(spec, address, { confirm, deployer, bots });
    for (const bot of bots) {
      for (const operator of [conduit, seaport]) {
        await confirm(
          wallet(bot).writeContract({
            address,
            abi: DEVNET_ERC721_ABI,
            functionName: 'setApprovalForAll',
            args: [operator, true],
          }),
        );
      }
    }
  }

  options.onProgress?.('Writing a month of trading history…');
  const listingHistory = await writeFlipHistory({
    chain,
    test,
    wallet,
    seaport,
    conduitKey,
    marketplaces: MARKETPLACES,
    looksRare,
    royaltyRecipient: deployerAccount.address,
    bots,
    collections: deployedSpecs,
    endMs: historyEndMs,
  });
  await test.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000)) });
  await test.mine({ blocks: 1 });
  const devnetPayment = await payFirstSubscription(subscriptions, quoteSigner, { chain, test, wallet, confirm });
  // One block on top, so the snapshot's payment already has the devnet's two confirmations: a fresh devnet's first
  // person is premium before any bot has traded.
  await test.mine({ blocks: 1 });

  return {
    key: options.key,
    createdAt: new Date().toISOString(),
    origin: options.origin,
    deployer: deployerAccount.address,
    seaport,
    conduitController,
    conduit: { key: conduitKey, address: conduit },
    looksRare,
    ethUsdFeed,
    subscriptions: { address: subscriptions, quoteSigner: quoteSigner.address, treasury, devnetPayment },
    ens,
    marketplaces: MARKETPLACES,
    collections,
    listingHistory,
  };
}

/**
 * Pays a year for the first person through the contract, as a wallet would pay a server's quote: the devnet starts
 * with a real payment for the server to index and credit.
 */
async function payFirstSubscription(
  subscriptions: Address,
  quoteSigner: LocalAccount,
  { chain, wallet, confirm }: Clients & { confirm: Confirm },
): Promise<Hex> {
  const payer = devnetAccount(ACCOUNT_PLAN.people.from);
  const { timestamp } = await chain.getBlock();
  const quote: SubscriptionQuote = {
    payer: payer.address,
    plan: PLAN.year,
    price: planPriceWei(HALF_YEAR_PRICE_WEI.ordinary, PLAN.year),
    expiry: timestamp + BigInt(QUOTE_TTL_SECONDS),
    quoteId: keccak256(toHex('floordesk:devnet:account-0')),
  };
  const signature = await signQuote(quoteSigner, chain.chain.id, subscriptions, quote);
  return confirm(
    wallet(payer).writeContract({
      address: subscriptions,
      abi: SUBSCRIPTIONS_ABI,
      functionName: 'subscribe',
      args: [quote, signature],
      value: quote.price,
    }),
  );
}

/** Mints the premint in chunks, round-robin over the bots, paying the mint price from the deployer. */
async function premint(
  spec: CollectionSpec,
  address: Address,
  { confirm, deployer, bots }: { confirm: Confirm; deployer: WalletClient<Transport, Chain, Account>; bots: Account[] },
): Promise<void> {
  if (spec.standard === 'erc721') {
    for (let minted = 0, chunk = 0; minted < spec.premint; minted += PREMINT_CHUNK, chunk++) {
      const quantity = BigInt(Math.min(PREMINT_CHUNK, spec.premint - minted));
      await confirm(
        deployer.writeContract({
          address,
          abi: DEVNET_ERC721_ABI,
          functionName: 'mint',
          args: [botAt(bots, chunk).address, quantity],
          value: spec.mintPriceWei * quantity,
        }),
      );
    }
    return;
  }
  for (let id = 1; id <= spec.supply; id++) {
    const amount = BigInt(spec.premint);
    await confirm(
      deployer.writeContract({
        address,
        abi: DEVNET_ERC1155_ABI,
        functionName: 'mint',
        args: [botAt(bots, id).address, BigInt(id), amount],
        value: spec.mintPriceWei * amount,
      }),
    );
  }
}

/** Sets anvil's clock, backwards too, which viem's test actions cannot. */
async function setChainTime(chain: PublicClient<Transport, Chain>, ms: number): Promise<void> {
  await chain.request({ method: 'anvil_setTime', params: [Math.floor(ms / 1000)] } as never);
}

/** Waits for a sent transaction and fails on a revert; returns its hash. */
type Confirm = (sent: Promise<Hex>) => Promise<Hex>;

function botAt(bots: Account[], index: number): Account {
  const bot = bots[index % bots.length];
  if (!bot) throw new Error('no trader bots');
  return bot;
}

/** Points every collection's token URIs at a new origin (the server moved to another port). */
export async function repointTokenUris(rpcUrl: string, manifest: DevnetManifest, origin: string): Promise<void> {
  const { chain, wallet } = clients(rpcUrl);
  const deployer = wallet(devnetAccount(ACCOUNT_PLAN.deployer));
  for (const collection of manifest.collections) {
    const base = metadataBaseUri(origin, collection.slug);
    const hash =
      collection.standard === 'erc721'
        ? await deployer.writeContract({
            address: collection.address,
            abi: DEVNET_ERC721_ABI,
            functionName: 'setURIs',
            args: [base, hiddenMetadataUri(origin, collection.slug)],
          })
        : await deployer.writeContract({
            address: collection.address,
            abi: DEVNET_ERC1155_ABI,
            functionName: 'setURI',
            args: [base],
          });
    await receiptOf(chain, hash);
  }
}
