import { describe, expect, it } from 'vitest';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import { buildPlanLines, planLineKey } from './plan.ts';

describe('plan lines', () => {
  it('has one line per drone cover and drone, keyed by cover and drone index', () => {
    const lines = buildPlanLines(prepared(generalApplication()));
    expect(lines.map((l) => l.key)).toEqual(['1:0', '1:1', '2:0', '2:1']);
    expect(lines[0]).toEqual({
      key: '1:0',
      insuranceTypeInfoId: 1,
      insuranceTypeInfoName: '无人机机身损失险',
      uavInfoId: '0',
      uavInfoName: '测绘一号',
      quantity: 2,
      insuranceAmount: 13,
      guaranteeTerm: 365,
      siteSize: null,
      staffCount: null,
      studentCount: null,
    });
    // Liability insures the chosen limit, not the drone's value.
    expect(lines[3]).toMatchObject({ uavInfoId: '1', quantity: 1, insuranceAmount: 100 });
  });

  it('has one line per personnel, site and training cover', () => {
    const lines = buildPlanLines(prepared(trainingApplication()));
    expect(lines.map((l) => l.key)).toEqual(['1:0', '2:0', '100:-', '101:-', '102:-', '103:-']);
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l]));
    expect(byKey['1:0']).toMatchObject({ quantity: 4, insuranceAmount: 9.6 });
    expect(byKey['100:-']).toMatchObject({
      uavInfoId: null,
      uavInfoName: null,
      quantity: 6,
      insuranceAmount: 30,
      staffCount: 6,
      studentCount: 40,
    });
    expect(byKey['101:-']).toMatchObject({ quantity: 40, insuranceAmount: 10, guaranteeTerm: 90 });
    expect(byKey['102:-']).toMatchObject({ quantity: 1, insuranceAmount: 200, siteSize: 3000 });
    expect(byKey['103:-']).toMatchObject({ quantity: 40, insuranceAmount: 0, siteSize: null });
  });

  it('counts pilots for the operator accident rider and names a drone without a name by its model', () => {
    const body = generalApplication();
    const drones = body.uavInfoList as Record<string, unknown>[];
    delete drones[1]!.name;
    const lines = buildPlanLines(
      prepared({
        ...body,
        insuranceTypeInfoList: [{ insuranceTypeId: 4 }, { insuranceTypeId: 3, insuranceAmount: 20 }],
      }),
    );
    expect(lines.map((l) => [l.key, l.uavInfoName, l.quantity])).toEqual([
      ['4:0', '测绘一号', 2],
      ['4:1', '纵横股份 CW-15', 1],
      ['3:-', null, 1],
    ]);
  });

  it('rebuilds keys from the ids the delete call sends', () => {
    expect(planLineKey('1', '0')).toBe('1:0');
    expect(planLineKey(102, '')).toBe('102:-');
    expect(planLineKey(102, undefined)).toBe('102:-');
  });

  it('is stable for the same stored form', () => {
    const form = prepared(trainingApplication());
    expect(buildPlanLines(form)).toEqual(buildPlanLines(structuredClone(form)));
  });
});
