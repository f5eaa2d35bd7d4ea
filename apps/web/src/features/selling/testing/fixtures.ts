import type { CancelTransaction, SellPrepareData, SellToken, SellVenue } from '@floordesk/protocol';

/** The prepared data of the List dialog's tests: two marketplaces, one wallet (`ALICE`), tokens of two collections. */

export const ETH = 10n ** 18n;
export const milliEth = (value: number) => ((BigInt(value) * ETH) / 1000n).toString();

export const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const APES = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const PUNKS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
export const CREATOR = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

export const SEAPORT = '0x0000000000000068f116a894984e2db1123eb395';
export const LOOKSRARE = '0x0000000000e655fae4d56241588680f86e3b2377';
export const CONDUIT = '0x1e0049783f008a0085193e00003d00cd54003c71';
export const TRANSFER_MANAGER = '0x000000000060c4ca14cfc4325359062ace33fe3d';
export const OPENSEA_FEES = '0x0000a26b00c1f0df003000390027140000faa719';
export const CONDUIT_KEY = '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000';

export const OPENSEA: SellVenue = {
  marketplace: 'opensea',
  protocol: 'seaport',
  protocol_address: SEAPORT,
  fee_bps: 250,
  fee_recipient: OPENSEA_FEES,
  conduit_key: CONDUIT_KEY,
  operator: CONDUIT,
};

export const LOOKS: SellVenue = {
  marketplace: 'looks',
  protocol: 'looksrare-v2',
  protocol_address: LOOKSRARE,
  fee_bps: 50,
  fee_recipient: null,
  conduit_key: null,
  operator: TRANSFER_MANAGER,
};

export function sellToken(tokenId: number, values: Partial<SellToken> = {}): SellToken {
  return {
    collection: APES,
    collection_name: 'Apes',
    token_id: String(tokenId),
    token_name: `Ape #${tokenId}`,
    image_url: null,
    standard: 'erc721',
    amount: '1',
    wallet: ALICE,
    royalty_recipient: CREATOR,
    royalty_bps: 500,
    floor_wei: milliEth(1000),
    rarest_trait: { trait_type: 'Fur', value: 'Gold', floor_wei: milliEth(1500) },
    rank: tokenId,
    ranked: 10_000,
    cost_wei: milliEth(800),
    listings: [],
    approved: { opensea: true, looks: true },
    ...values,
  };
}

export function prepared(tokens: SellToken[], values: Partial<SellPrepareData> = {}): SellPrepareData {
  return {
    chain_id: 31337,
    venues: [OPENSEA, LOOKS],
    wallets: [{ wallet: ALICE, seaport_counter: '0', looksrare_ask_nonce: '3', looksrare_granted: true }],
    tokens,
    ...values,
  };
}

/** The server's plan to cancel ALICE's Seaport listings `order_hashes` (cancel), as My listings sends it. */
export function seaportCancelTx(overrides: Partial<CancelTransaction> = {}): CancelTransaction {
  return {
    marketplace: 'opensea',
    from: ALICE,
    to: SEAPORT,
    data: '0xfd9f1e10',
    gas: '65000',
    fee_wei: '1300000000000000',
    method: 'cancel',
    order_hashes: [],
    ...overrides,
  };
}

/** The server's plan to cancel ALICE's LooksRare listings `order_hashes` (cancelOrderNonces). */
export function looksCancelTx(overrides: Partial<CancelTransaction> = {}): CancelTransaction {
  return {
    marketplace: 'looks',
    from: ALICE,
    to: LOOKSRARE,
    data: '0x3f2b0a7e',
    gas: '52000',
    fee_wei: '1040000000000000',
    method: 'cancelOrderNonces',
    order_hashes: [],
    ...overrides,
  };
}
