import { describe, expect, it } from 'vitest';
import { priceHints, priceHintVariants } from './priceHints.ts';
import type { TariffInput } from './rating.ts';

const hull: TariffInput = {
  cover: 1,
  quantity: 1,
  amount: 18,
  term: 90,
  siteSize: null,
  field: '巡检/测绘',
  drone: {
    price: 180000,
    deviceType: '多旋翼',
    ageYears: 2,
    windResistance: '六级',
    selfRescuePlan: '无',
    realTimeData: false,
    maxTakeoffKg: 9,
  },
  site: { historyAccident: false, thirdParty: false },
};

describe('省钱提示', () => {
  it('varies one fact at a time, only where it can change', () => {
    const variants = priceHintVariants(hull);
    expect(variants.map((v) => v.label)).toEqual([
      '加装降落伞',
      '开启实时飞行数据',
      '抗风等级提升至七级',
      '改为投保1年',
    ]);
    expect(variants[0]!.facts.drone?.selfRescuePlan).toBe('降落伞');
    expect(variants[0]!.facts.drone?.windResistance).toBe('六级');
    expect(hull.drone?.selfRescuePlan).toBe('无');
    const done = {
      ...hull,
      term: 365,
      drone: { ...hull.drone!, selfRescuePlan: '降落伞', realTimeData: true, windResistance: '七级' },
    };
    expect(priceHintVariants(done)).toEqual([]);
  });

  it('offers the next lower limit of a liability line', () => {
    const variants = priceHintVariants({ ...hull, cover: 2, amount: 100, term: 365 });
    expect(variants.at(-1)).toMatchObject({ id: 'amount', label: '责任限额降至50万元' });
    expect(priceHintVariants({ ...hull, cover: 2, amount: 50, term: 365 }).map((v) => v.id)).not.toContain('amount');
  });

  it('shows only what lowers the price per year, largest saving first', () => {
    const [parachute, realTime, wind, term] = priceHintVariants(hull);
    const hints = priceHints({ premium: 1000, term: 90 }, [
      { variant: parachute!, premium: 900 },
      { variant: realTime!, premium: 1000 },
      { variant: wind!, premium: null },
      { variant: term!, premium: 3000 },
    ]);
    expect(hints.map((h) => [h.id, h.saving])).toEqual([
      ['term', 1055.56],
      ['parachute', 405.56],
    ]);
    expect(hints[1]!.text).toBe('加装降落伞 → 每年省 ¥405.56');
  });
});
