import { describe, expect, it } from 'vitest';
import { toggleTrait, traitsParam } from './trait-choice';

describe('choosing trait values', () => {
  it('adds a value to its type, takes it out again, and drops a type left without values', () => {
    const gold = toggleTrait({}, 'Fur', 'Gold');
    expect(gold).toEqual({ Fur: ['Gold'] });
    const both = toggleTrait(toggleTrait(gold, 'Fur', 'Grey'), 'Eyes', 'Red');
    expect(both).toEqual({ Fur: ['Gold', 'Grey'], Eyes: ['Red'] });
    expect(toggleTrait(both, 'Eyes', 'Red')).toEqual({ Fur: ['Gold', 'Grey'] });
    expect(toggleTrait(gold, 'Fur', 'Gold')).toEqual({});
  });
});

describe('the traits parameter', () => {
  it('is the choice as JSON, and absent without one', () => {
    expect(traitsParam({ Fur: ['Gold', 'Grey'] })).toBe('{"Fur":["Gold","Grey"]}');
    expect(traitsParam({})).toBeUndefined();
  });
});
