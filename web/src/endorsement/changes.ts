/**
 * The 批改 screen's edits as the API's changes (docs/api/endorsement.md): drones removed by their place,
 * drones added with the insure form's fields, new sums insured per plan line, new contact details. Pure.
 */
import type { EndorsementChange } from '@feibao/domain/ordering/endorsement';

/**
 * A plan row's line key as the API names it (domain ordering/plan.ts planLineKey, repeated: importing that module
 * here would split it out of the order pages' chunk, which the phone's first load pays for).
 */
export const lineKeyOf = (row: { insuranceTypeInfoId: number; uavInfoId: string | null }) =>
  `${row.insuranceTypeInfoId}:${row.uavInfoId === null || row.uavInfoId === '' ? '-' : row.uavInfoId}`;

export type NewDrone = {
  name: string;
  deviceNumber: string;
  manufacturer: string;
  model: string;
  deviceType: string;
  productionYear: string;
  price: string;
  maxFlyingWeight: string;
};
export const emptyDrone = (): NewDrone => ({
  name: '',
  deviceNumber: '',
  manufacturer: '',
  model: '',
  deviceType: '',
  productionYear: '',
  price: '',
  maxFlyingWeight: '',
});
export type Contact = { name: string; phone: string; address: string; email: string };

export type Edits = {
  removed: number[];
  added: NewDrone[];
  /** Plan line key → the new sum insured in 10k yuan, as typed. */
  amounts: Record<string, string>;
  contact: Contact;
};
export const noEdits = (): Edits => ({
  removed: [],
  added: [],
  amounts: {},
  contact: { name: '', phone: '', address: '', email: '' },
});

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());
const numberOrUndefined = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? undefined : Number(v));

/** lineAmounts: each line's current sum insured, so an unchanged value is no change. */
export const changesOf = (edits: Edits, lineAmounts: Record<string, number>): EndorsementChange[] => {
  const changes: EndorsementChange[] = [];
  for (const index of [...edits.removed].sort((a, b) => a - b)) changes.push({ kind: 'removeDrone', index });
  for (const d of edits.added)
    changes.push({
      kind: 'addDrone',
      drone: {
        name: blankToUndefined(d.name),
        deviceNumber: blankToUndefined(d.deviceNumber),
        manufacturer: blankToUndefined(d.manufacturer),
        model: blankToUndefined(d.model),
        deviceType: blankToUndefined(d.deviceType),
        productionYear: blankToUndefined(d.productionYear),
        price: numberOrUndefined(d.price),
        maxFlyingWeight: numberOrUndefined(d.maxFlyingWeight),
        quantity: d.deviceNumber.trim() ? undefined : 1,
        partInfoList: [],
      } as Extract<EndorsementChange, { kind: 'addDrone' }>['drone'],
    });
  for (const [key, typed] of Object.entries(edits.amounts)) {
    const amount = numberOrUndefined(typed);
    if (amount === undefined || amount === lineAmounts[key]) continue;
    changes.push({ kind: 'changeAmount', key, insuranceAmount: amount });
  }
  const contact = Object.fromEntries(
    Object.entries(edits.contact).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : [])),
  );
  if (Object.keys(contact).length > 0) changes.push({ kind: 'changeContact', contact });
  return changes;
};
