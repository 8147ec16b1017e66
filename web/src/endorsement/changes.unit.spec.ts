import { describe, expect, it } from 'vitest';
import { endorsementChangesSchema } from '@feibao/domain/ordering/endorsement';
import { changesOf, emptyDrone, noEdits } from './changes.ts';

describe('the 批改 screen’s edits as changes', () => {
  it('given nothing edited, then no changes; an amount typed as it was is no change', () => {
    expect(changesOf(noEdits(), {})).toEqual([]);
    expect(changesOf({ ...noEdits(), amounts: { '2:0': '100' } }, { '2:0': 100 })).toEqual([]);
  });

  it('given removals, a new drone, an amount and a contact, then changes the API accepts, removals first', () => {
    const edits = {
      removed: [2, 0],
      added: [{ ...emptyDrone(), name: '植保机', deviceNumber: 'AG-1', price: '50000' }],
      amounts: { '2:0': '50', '1:1': '' },
      contact: { name: '', phone: ' 13700001111 ', address: '', email: '' },
    };
    const changes = changesOf(edits, { '2:0': 100 });
    expect(changes.map((c) => c.kind)).toEqual([
      'removeDrone',
      'removeDrone',
      'addDrone',
      'changeAmount',
      'changeContact',
    ]);
    expect(changes[0]).toEqual({ kind: 'removeDrone', index: 0 });
    expect(changes[3]).toEqual({ kind: 'changeAmount', key: '2:0', insuranceAmount: 50 });
    expect(changes[4]).toEqual({ kind: 'changeContact', contact: { phone: '13700001111' } });
    expect(endorsementChangesSchema.safeParse(changes).success).toBe(true);
  });
});

describe('a plan row’s line key', () => {
  it('given a drone line and an order-wide one, then the keys the API names them by', async () => {
    const { planLineKey } = await import('@feibao/domain/ordering/plan');
    const { lineKeyOf } = await import('./changes.ts');
    expect(lineKeyOf({ insuranceTypeInfoId: 1, uavInfoId: '2' })).toBe(planLineKey(1, '2'));
    expect(lineKeyOf({ insuranceTypeInfoId: 102, uavInfoId: null })).toBe(planLineKey(102, null));
  });
});
