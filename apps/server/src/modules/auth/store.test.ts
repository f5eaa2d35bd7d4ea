import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { consumeNonce, insertNonce } from './store';

const database = useTestDatabase();

describe('consumeNonce', () => {
  it('lets exactly one of two concurrent transactions consume a nonce', async () => {
    const { db } = database();
    const at = new Date('2030-01-01T00:00:00Z');
    const nonce = 'c0ffee00c0ffee00';
    await insertNonce(db, {
      nonce,
      address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      message: 'the issued notice',
      issuedAt: at,
      expiresAt: new Date(at.getTime() + 600_000),
    });

    const consumed = await Promise.all([
      db.transaction((tx) => consumeNonce(tx, nonce, at)),
      db.transaction((tx) => consumeNonce(tx, nonce, at)),
    ]);

    expect(consumed.toSorted()).toEqual([false, true]);
  });
});
