import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from './live-message';
import { notificationItem } from './test-fixtures';

const sold = notificationItem(7, { ens: 'bob.eth', token_id: '12', profit: '-1', tx_hash: '0xab' });

describe('live messages', () => {
  it('reads wallet events (66) and drops (67)', () => {
    expect(parseLiveMessage(JSON.stringify({ type: 66, data: [sold] }))).toEqual({ type: 66, data: [sold] });
    expect(parseLiveMessage(JSON.stringify({ type: 67, ids: ['7', 8] }))).toEqual({ type: 67, ids: ['7'] });
  });

  it('ignores anything else without throwing, and leaves out malformed items', () => {
    for (const payload of [
      '',
      'not json',
      'null',
      '42',
      '[]',
      '{"type":66}',
      '{"type":99,"data":[]}',
      '{"type":"66"}',
    ]) {
      expect(parseLiveMessage(payload)).toBeUndefined();
    }
    const bad = [
      { ...sold, id: 7 },
      { ...sold, type: 8 },
      { ...sold, price: 3 },
      null,
      'x',
      { ...sold, create_time: '1' },
    ];
    expect(parseLiveMessage(JSON.stringify({ type: 66, data: [...bad, sold] }))).toEqual({ type: 66, data: [sold] });
  });
});
