import { describe, expect, it } from 'vitest';
import { visibleInsurers } from '../ordering/catalogue.ts';
import { generalApplication, prepared, trainingApplication } from '../ordering/fixtures.ts';
import { buildPlanLines, type PlanLine } from '../ordering/plan.ts';
import { priceRange, quotedTotal, quoteLines, quoteOrder, rateLine, tariffFor, tariffs } from './quote.ts';
import type { LineQuote } from './types.ts';

const context = { today: '2026-11-21' };
const general = prepared(generalApplication());
const training = prepared(trainingApplication());
const withRider = prepared({
  ...generalApplication(),
  insuranceTypeInfoList: [{ insuranceTypeId: 1 }, { insuranceTypeId: 3, insuranceAmount: 20 }, { insuranceTypeId: 5 }],
});
const comprehensive = prepared({ ...generalApplication(), insuranceTypeInfoList: [{ insuranceTypeId: 4 }] });

const lineOf = (form: typeof general, key: string): PlanLine => buildPlanLines(form).find((l) => l.key === key)!;
const premium = (q: LineQuote) => (q.kind === 'quoted' ? q.premium : null);

const typical: [string, typeof general, string][] = [
  ['hull', general, '1:0'],
  ['liability', general, '2:0'],
  ['comprehensive', comprehensive, '4:0'],
  ['theft rider', withRider, '5:0'],
  ['operator accident', withRider, '3:-'],
  ['staff accident', training, '100:-'],
  ['student accident', training, '101:-'],
  ['site liability', training, '102:-'],
  ['training liability', training, '103:-'],
];

describe('the seven tariffs', () => {
  it('cover exactly the visible insurers', () => {
    expect(tariffs.map((t) => t.insurerId)).toEqual(visibleInsurers.map((i) => i.id));
    expect(tariffFor(99)).toBeUndefined();
  });

  it.each(typical)('rate a typical %s line with positive premiums that are not all equal', (_, form, key) => {
    const line = lineOf(form, key);
    const quotes = tariffs.map((t) => rateLine(t, line, form, context));
    const premiums = quotes.map(premium).filter((p): p is number => p !== null);
    for (const q of quotes) expect(q.kind === 'quoted' || q.kind === 'declined').toBe(true);
    expect(premiums.length).toBeGreaterThanOrEqual(6);
    for (const p of premiums) {
      expect(p).toBeGreaterThan(0);
      expect(Math.round(p * 100) / 100).toBe(p);
    }
    expect(new Set(premiums).size).toBeGreaterThan(1);
  });

  it('give each insurer its own deductible wording for hull', () => {
    const line = lineOf(general, '1:0');
    const wordings = tariffs.map((t) => rateLine(t, line, general, context)).map((q) => (q.kind === 'quoted' ? q.deductible : ''));
    expect(new Set(wordings).size).toBeGreaterThan(2);
    for (const w of wordings) expect(w).toMatch(/免赔/);
  });

  it('have one insurer decline site liability', () => {
    const quotes = tariffs.map((t) => rateLine(t, lineOf(training, '102:-'), training, context));
    expect(quotes.filter((q) => q.kind === 'declined')).toHaveLength(1);
  });
});

describe('rating factors move the premium the way an underwriter expects', () => {
  const hullFor = (patch: Record<string, unknown>, insurerId = 1) => {
    const body = generalApplication();
    const drones = body.uavInfoList as Record<string, unknown>[];
    const form = prepared({ ...body, uavInfoList: [{ ...drones[0], ...patch }] });
    return premium(rateLine(tariffFor(insurerId), lineOf(form, '1:0'), form, context))!;
  };
  const base = hullFor({});

  it('hull: dearer for a dearer, older, less wind-resistant or helicopter drone', () => {
    expect(hullFor({ price: 90000 })).toBeGreaterThan(base);
    expect(hullFor({ productionYear: '2019-01-01' })).toBeGreaterThan(base);
    expect(hullFor({ windResistance: '五级' })).toBeGreaterThan(base);
    expect(hullFor({ deviceType: '直升机' })).toBeGreaterThan(base);
  });
  it('hull: cheaper with a parachute or real-time flight data', () => {
    expect(hullFor({ selfRescuePlan: '降落伞' })).toBeLessThan(base);
    expect(hullFor({ realTimeFlightData: 0 })).toBeGreaterThan(base);
  });
  it('hull: a short term costs less than a year but more than pro rata', () => {
    const form = prepared({ ...generalApplication(), insuranceTypeInfoList: [{ insuranceTypeId: 1, guaranteeTerm: 30 }] });
    const short = premium(rateLine(tariffFor(1), lineOf(form, '1:0'), form, context))!;
    expect(short).toBeLessThan(base);
    expect(short).toBeGreaterThan((base * 30) / 365);
  });
  it('liability: rises with the limit and the take-off weight', () => {
    const rate = (limit: number, weight: number) => {
      const body = generalApplication();
      const drones = body.uavInfoList as Record<string, unknown>[];
      const form = prepared({
        ...body,
        uavInfoList: [{ ...drones[0], maxFlyingWeight: weight }],
        insuranceTypeInfoList: [{ insuranceTypeId: 2, insuranceAmount: limit }],
      });
      return premium(rateLine(tariffFor(3), lineOf(form, '2:0'), form, context))!;
    };
    expect(rate(100, 9)).toBeGreaterThan(rate(50, 9));
    expect(rate(50, 20)).toBeGreaterThan(rate(50, 9));
  });
  it('group accident: per head, by sum insured and pro rata by term', () => {
    const accident = (patch: Record<string, unknown>, line: Record<string, unknown>) => {
      const form = prepared({ ...trainingApplication(), ...patch, insuranceTypeInfoList: [{ insuranceTypeId: 101, ...line }] });
      return premium(rateLine(tariffFor(1), lineOf(form, '101:-'), form, context))!;
    };
    const year = accident({}, { insuranceAmount: 50, guaranteeTerm: 365 });
    expect(accident({ studentCount: 80 }, { insuranceAmount: 50, guaranteeTerm: 365 })).toBeCloseTo(year * 2, 2);
    expect(accident({}, { insuranceAmount: 50, guaranteeTerm: 90 })).toBeCloseTo((year * 90) / 365, 0);
    expect(accident({}, { insuranceAmount: 10, guaranteeTerm: 365 })).toBeLessThan(year);
  });
  it('site liability: by area, loaded for past accidents', () => {
    const site = (siteInfo: Record<string, unknown>) => {
      const form = prepared({ ...trainingApplication(), siteInfo, insuranceTypeInfoList: [{ insuranceTypeId: 102, insuranceAmount: 300 }] });
      return premium(rateLine(tariffFor(2), lineOf(form, '102:-'), form, context))!;
    };
    expect(site({ siteSize: 20000 })).toBeGreaterThan(site({ siteSize: 2000 }));
    expect(site({ siteSize: 2000, historyAccident: '1', historyAccidentPrice: 8000 })).toBeGreaterThan(site({ siteSize: 2000 }));
  });
  it('training liability: the premium plan costs more than the standard one', () => {
    const plan = (amount: number) => {
      const form = prepared({ ...trainingApplication(), insuranceTypeInfoList: [{ insuranceTypeId: 103, insuranceAmount: amount }] });
      return premium(rateLine(tariffFor(5), lineOf(form, '103:-'), form, context))!;
    };
    expect(plan(1)).toBeGreaterThan(plan(0));
  });
});

describe('manual verification', () => {
  const droneForm = (patch: Record<string, unknown>) => {
    const body = generalApplication();
    const drones = body.uavInfoList as Record<string, unknown>[];
    return prepared({ ...body, uavInfoList: [{ ...drones[0], ...patch }, drones[1]] });
  };
  const kinds = (form: typeof general, insurerId = 1) =>
    Object.fromEntries(quoteOrder(form, insurerId, context).lines.map((l) => [l.key, l.quote.kind]));

  it('keeps the typical applications automatic', () => {
    for (const insurer of visibleInsurers) {
      expect(Object.values(kinds(general, insurer.id)).every((k) => k === 'quoted')).toBe(true);
    }
  });
  it('sends every cover of a drone worth over ¥500,000 to the insurer', () => {
    const form = droneForm({ price: 520000 });
    expect(kinds(form)).toEqual({ '1:0': 'manual', '1:1': 'quoted', '2:0': 'manual', '2:1': 'quoted' });
    const quote = quoteOrder(form, 1, context).lines[0]!.quote;
    expect(quote).toEqual({ kind: 'manual', reason: '无人机单价超过50万元，需保险公司核保' });
    expect(kinds(droneForm({ price: 500000 }))['1:0']).toBe('quoted');
  });
  it('sends a drone over 25 kg take-off weight to the insurer', () => {
    expect(kinds(droneForm({ maxFlyingWeight: 25.5 }))).toMatchObject({ '1:0': 'manual', '2:0': 'manual' });
    expect(kinds(droneForm({ maxFlyingWeight: 25 }))).toMatchObject({ '1:0': 'quoted', '2:0': 'quoted' });
  });
  it('sends a line its tariff cannot rate to the insurer', () => {
    expect(kinds(droneForm({ maxFlyingWeight: null }))['2:0']).toBe('manual');
    expect(kinds(droneForm({ deviceType: '直升机' }), 6)['1:0']).toBe('manual');
    expect(kinds(droneForm({ deviceType: '直升机' }), 1)['1:0']).toBe('quoted');
    expect(quoteOrder(general, 99, context).lines.every((l) => l.quote.kind === 'manual')).toBe(true);
  });
  it('keeps a declined cover declined whatever the thresholds say', () => {
    const line = lineOf(training, '102:-');
    expect(rateLine(tariffFor(4), line, training, context).kind).toBe('declined');
  });
});

describe('price range of the education package', () => {
  const totals = (form: typeof training) =>
    visibleInsurers.map((i) => quotedTotal(quoteLines(buildPlanLines(form), form, i.id, context).lines));

  it('is the min and max of the per-insurer totals', () => {
    const range = priceRange(training, context);
    const all = totals(training);
    expect(range.minPrice).toBeLessThanOrEqual(range.maxPrice);
    expect(range).toEqual({ minPrice: Math.min(...all), maxPrice: Math.max(...all) });
    expect(range.minPrice).toBeGreaterThan(0);
    expect(range.minPrice).toBeLessThan(range.maxPrice);
  });
  it('leaves lines awaiting verification out of the totals', () => {
    const body = trainingApplication();
    const drones = body.uavInfoList as Record<string, unknown>[];
    const dear = prepared({ ...body, uavInfoList: [{ ...drones[0], price: 600000 }] });
    const withoutDrones = prepared({
      ...body,
      insuranceTypeInfoList: (body.insuranceTypeInfoList as { insuranceTypeId: number }[]).filter((l) => l.insuranceTypeId > 2),
    });
    expect(priceRange(dear, context)).toEqual(priceRange(withoutDrones, context));
  });
  it('is zero without covers', () => {
    expect(priceRange(prepared({ orderType: 1 }), context)).toEqual({ minPrice: 0, maxPrice: 0 });
  });
});
