import {
  ItemType,
  type LooksRareMaker,
  looksRareMerkleTrees,
  type OrderComponents,
  orderToJson,
  seaportBulkSignatures,
} from '@floordesk/contracts/orders';
import { describe, expect, it } from 'vitest';
import { buildOrders, postRequestsOf, type ShownListing, typedDataOf } from './sell-orders';
import { signedMismatch } from './signed-check';
import {
  ALICE,
  BOB,
  CREATOR,
  ETH,
  LOOKS,
  OPENSEA,
  OPENSEA_FEES,
  prepared,
  PUNKS,
  SEAPORT,
  sellToken,
} from './testing/fixtures';

const END = 1_900_000_000n;
const times = () => {
  let next = 0n;
  return { startTime: 1_800_000_000n, random: () => ++next };
};

function shown(tokenIds: number[], marketplace: 'opensea' | 'looks' = 'opensea'): ShownListing[] {
  return tokenIds.map((id) => ({
    token: sellToken(id, id === 3 ? { collection: PUNKS, royalty_bps: 1000 } : {}),
    marketplace,
    priceWei: ETH + BigInt(id) * 10n ** 15n,
    endTime: END,
  }));
}

/** The payload the dialog would sign for `listings`, with `change` made to it first (a deep copy). */
function tampered(listings: ShownListing[], change: (message: Record<string, unknown>) => void) {
  const data = prepared(listings.map((listing) => listing.token));
  const payload = structuredClone(typedDataOf(buildOrders(data, listings[0]!.marketplace, listings, times()), 31337));
  change(payload.message as Record<string, unknown>);
  return payload;
}

/** Leaf `index` of a payload's message: the message itself, or that leaf of its bulk tree. */
function leaf<T>(message: Record<string, unknown>, index: number): T {
  if (!('tree' in message)) return message as T;
  const flatten = (node: unknown): unknown[] => (Array.isArray(node) ? node.flatMap(flatten) : [node]);
  return flatten(message.tree)[index] as T;
}

const check = (payload: ReturnType<typeof tampered>, listings: ShownListing[], venue = OPENSEA) =>
  signedMismatch(payload, listings, venue, 31337);

describe('the orders the dialog builds', () => {
  it('lists one token with the plain order and several with a bulk tree, each as the dialog shows it', () => {
    const one = shown([1]);
    const single = tampered(one, () => {});
    expect(single.primaryType).toBe('OrderComponents');
    expect(check(single, one)).toBeNull();

    const three = shown([1, 2, 3]);
    const bulk = tampered(three, () => {});
    expect(bulk.primaryType).toBe('BulkOrder');
    expect(check(bulk, three)).toBeNull();
  });

  it('pays the seller, then the marketplace fee, then the royalty, and nothing to a royalty of nobody', () => {
    const [listing] = shown([1]);
    const batch = buildOrders(prepared([listing!.token]), 'opensea', [listing!], times());
    const order = batch.orders[0] as OrderComponents;
    const price = ETH + 10n ** 15n;
    expect(order.consideration.map((item) => [item.recipient, item.startAmount])).toEqual([
      [ALICE, price - (price * 250n) / 10_000n - (price * 500n) / 10_000n],
      [OPENSEA_FEES, (price * 250n) / 10_000n],
      [CREATOR, (price * 500n) / 10_000n],
    ]);
    expect(order).toMatchObject({ endTime: END, startTime: 1_800_000_000n, counter: 0n, salt: 1n });

    const unroyalty = { ...listing!, token: sellToken(1, { royalty_recipient: null }) };
    const without = buildOrders(prepared([unroyalty.token]), 'opensea', [unroyalty], times());
    expect((without.orders[0] as OrderComponents).consideration).toHaveLength(2);
    expect(check(typedDataOf(without, 31337), [unroyalty])).toBeNull();
  });

  it('posts each Seaport order with its own bulk signature, and a single one with the signature as it is', () => {
    const three = shown([1, 2, 3]);
    const batch = buildOrders(prepared(three.map((listing) => listing.token)), 'opensea', three, times());
    const signature = `0x${'ab'.repeat(65)}` as const;
    const requests = postRequestsOf(batch, 31337, signature);
    const signatures = seaportBulkSignatures(batch.orders as OrderComponents[], signature);
    expect(requests).toEqual(
      (batch.orders as OrderComponents[]).map((order, index) => ({
        protocol: 'seaport',
        chain_id: 31337,
        protocol_address: SEAPORT,
        parameters: orderToJson(order),
        signature: signatures[index],
      })),
    );
    const one = buildOrders(prepared([three[0]!.token]), 'opensea', [three[0]!], times());
    expect(postRequestsOf(one, 31337, signature)[0]!.signature).toBe(signature);
  });

  it('posts LooksRare asks with the one signature and, for a batch, each maker its merkle tree', () => {
    const two = shown([1, 2], 'looks');
    const batch = buildOrders(prepared(two.map((listing) => listing.token)), 'looks', two, times());
    expect(batch.orders[0]).toMatchObject({ signer: ALICE, globalNonce: 3n, subsetNonce: 0n, orderNonce: 1n });
    expect(batch.orders[1]).toMatchObject({ orderNonce: 2n, price: ETH + 2n * 10n ** 15n, endTime: END });
    const signature = `0x${'cd'.repeat(65)}` as const;
    const trees = looksRareMerkleTrees(batch.orders as LooksRareMaker[]);
    expect(
      postRequestsOf(batch, 31337, signature).map((request) => [
        request.signature,
        'merkle_tree' in request && request.merkle_tree?.root,
      ]),
    ).toEqual([
      [signature, trees[0]!.root],
      [signature, trees[1]!.root],
    ]);
    const one = buildOrders(prepared([two[0]!.token]), 'looks', [two[0]!], times());
    expect(postRequestsOf(one, 31337, signature)[0]).not.toHaveProperty('merkle_tree');
    expect(typedDataOf(one, 31337).primaryType).toBe('Maker');
    expect(typedDataOf(batch, 31337).primaryType).toBe('BatchOrder');
  });
});

type Leaf = OrderComponents & Record<string, unknown>;

describe('what the wallet is asked to sign', () => {
  const three = shown([1, 2, 3]);

  it.each<[string, (message: Record<string, unknown>) => void, { field: string; listing: number | null }]>([
    ['a price', (m) => void (leaf<Leaf>(m, 1).consideration[0]!.startAmount += 1n), { field: 'price', listing: 1 }],
    [
      'the proceeds paid elsewhere',
      (m) => void (leaf<Leaf>(m, 0).consideration[0]!.recipient = BOB),
      { field: 'proceeds', listing: 0 },
    ],
    [
      'a fee to another recipient',
      (m) => void (leaf<Leaf>(m, 2).consideration[1]!.recipient = BOB),
      { field: 'fee', listing: 2 },
    ],
    [
      'the fee and proceeds moved about',
      (m) => {
        const [toSeller, toFee] = leaf<Leaf>(m, 0).consideration;
        toSeller!.startAmount -= 1n;
        toSeller!.endAmount -= 1n;
        toFee!.startAmount += 1n;
        toFee!.endAmount += 1n;
      },
      { field: 'proceeds', listing: 0 },
    ],
    [
      'a royalty to another creator',
      (m) => void (leaf<Leaf>(m, 2).consideration[2]!.recipient = BOB),
      { field: 'royalty', listing: 2 },
    ],
    [
      'one more payment',
      (m) => {
        const order = leaf<Leaf>(m, 1);
        order.consideration[0]!.startAmount -= 5n;
        order.consideration[0]!.endAmount -= 5n;
        order.consideration.push({ ...order.consideration[1]!, startAmount: 5n, endAmount: 5n, recipient: BOB });
      },
      { field: 'proceeds', listing: 1 },
    ],
    [
      'another token',
      (m) => void (leaf<Leaf>(m, 1).offer[0]!.identifierOrCriteria = 99n),
      { field: 'token', listing: 1 },
    ],
    ['another collection', (m) => void (leaf<Leaf>(m, 0).offer[0]!.token = PUNKS), { field: 'token', listing: 0 }],
    [
      'an ERC-1155 offer',
      (m) => void (leaf<Leaf>(m, 0).offer[0]!.itemType = ItemType.Erc1155),
      { field: 'token', listing: 0 },
    ],
    ['another end', (m) => void (leaf<Leaf>(m, 2).endTime = END + 86_400n), { field: 'end_time', listing: 2 }],
    ['another seller', (m) => void (leaf<Leaf>(m, 1).offerer = BOB), { field: 'seller', listing: 1 }],
    ['a zone', (m) => void (leaf<Leaf>(m, 0).zone = BOB), { field: 'terms', listing: 0 }],
    [
      'an order in the padding',
      (m) => {
        const tree = m.tree as unknown[][];
        tree[1]![1] = structuredClone(tree[0]![0]);
      },
      { field: 'orders', listing: null },
    ],
  ])('refuses %s', (_, change, mismatch) => {
    expect(check(tampered(three, change), three)).toEqual(mismatch);
  });

  it('refuses a payload for another exchange or chain', () => {
    const payload = tampered(three, () => {});
    const elsewhere = { ...payload, domain: { ...payload.domain, verifyingContract: BOB } } as typeof payload;
    expect(signedMismatch(elsewhere, three, OPENSEA, 31337)).toEqual({ field: 'exchange', listing: null });
    expect(signedMismatch(payload, three, OPENSEA, 1)).toEqual({ field: 'chain', listing: null });
  });

  it('refuses a payload of fewer orders than the dialog shows, or other listings than shown', () => {
    expect(
      check(
        tampered(three.slice(0, 2), () => {}),
        three,
      ),
    ).toEqual({ field: 'orders', listing: null });
    const cheaper = three.map((listing, index) =>
      index === 1 ? { ...listing, priceWei: listing.priceWei - 1n } : listing,
    );
    expect(
      check(
        tampered(three, () => {}),
        cheaper,
      ),
    ).toEqual({ field: 'price', listing: 1 });
  });

  it('refuses a LooksRare ask whose terms differ from the dialog', () => {
    const asks = shown([1, 2], 'looks');
    const checkAsk = (change: (maker: LooksRareMaker) => void, index = 1) =>
      signedMismatch(
        tampered(asks, (m) => change(leaf<LooksRareMaker>(m, index))),
        asks,
        LOOKS,
        31337,
      );
    expect(checkAsk(() => {})).toBeNull();
    expect(checkAsk((maker) => void (maker.price -= 1n))).toEqual({ field: 'price', listing: 1 });
    expect(checkAsk((maker) => void (maker.endTime += 1n))).toEqual({ field: 'end_time', listing: 1 });
    expect(checkAsk((maker) => void (maker.signer = BOB), 0)).toEqual({ field: 'seller', listing: 0 });
    expect(checkAsk((maker) => void (maker.itemIds = [7n]))).toEqual({ field: 'token', listing: 1 });
    expect(checkAsk((maker) => void (maker.currency = BOB))).toEqual({ field: 'terms', listing: 1 });
    const single = [asks[0]!];
    const payload = tampered(single, (m) => void ((m as LooksRareMaker).collection = PUNKS));
    expect(signedMismatch(payload, single, LOOKS, 31337)).toEqual({ field: 'token', listing: 0 });
  });
});
