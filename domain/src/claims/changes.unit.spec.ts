import { describe, expect, it } from 'vitest';
import { diffClaimForms } from './changes.ts';
import { claimDroneInput, claimFormOf, claimReportInput } from './fixtures.ts';

const drone = (deviceNumber: string, patch: Record<string, unknown> = {}) =>
  claimDroneInput(deviceNumber, { price: '1000', ...patch });
const base = (patch: Record<string, unknown> = {}) =>
  claimFormOf(
    claimReportInput({ accidentTime: '2026-05-01 10:00:00', settlementUavInfoList: [drone('UAV-1')], ...patch }),
  );

describe('diffClaimForms', () => {
  it('finds nothing between equal forms', () => {
    expect(diffClaimForms(base(), base())).toEqual([]);
  });

  it('reports a changed accident field with old and new value', () => {
    const changes = diffClaimForms(base(), base({ accidentAddress: '海淀区某路2号' }));
    expect(changes).toEqual([
      {
        moduleName: '事故基本信息',
        path: 'accidentAddress',
        fieldName: '详细地址',
        operateType: '修改',
        oldValue: '朝阳区某路1号',
        newValue: '海淀区某路2号',
      },
    ]);
  });

  it('shows codes as labels, flags as 是/否 and blanks as null', () => {
    const before = base();
    const after = base({
      accidentAddressCity: '310100',
      uavAccidentType: '3',
      governmentIntervention: '1',
      injuryLossType: '3,1',
      accidentTypeRemark: '撞树',
    });
    const byPath = Object.fromEntries(diffClaimForms(before, after).map((c) => [c.path, [c.oldValue, c.newValue]]));
    expect(byPath.accidentAddressProvince).toEqual(['北京市', '上海市']);
    expect(byPath.uavAccidentType).toEqual(['失控坠毁未丢失', '碰撞后坠毁']);
    expect(byPath.governmentIntervention).toEqual(['否', '是']);
    expect(byPath.injuryLossType).toEqual([null, '飞手、第三者']);
    expect(byPath.accidentTypeRemark).toEqual([null, '撞树']);
    // the derived loss categories are stored too
    expect(byPath.accidentType).toEqual(['无人机损失', '无人机损失、人员伤亡']);
  });

  it('keeps top-level fields first in form order', () => {
    const after = base({
      accidentTime: '2026-05-02 10:00:00',
      accidentAddress: '别处',
      settlementUavInfoList: [drone('UAV-1', { price: 1200 })],
    });
    expect(diffClaimForms(base(), after).map((c) => c.path)).toEqual([
      'accidentTime',
      'accidentAddress',
      'settlementUavInfoList[UAV-1].price',
    ]);
  });

  it('names a drone field with the device number', () => {
    const changes = diffClaimForms(
      base(),
      base({ settlementUavInfoList: [drone('UAV-1', { price: '1200', realTimeFlightData: '1' })] }),
    );
    expect(changes).toEqual([
      {
        moduleName: '无人机损失信息',
        path: 'settlementUavInfoList[UAV-1].price',
        fieldName: '无人机(UAV-1)·购价',
        operateType: '修改',
        oldValue: '1000',
        newValue: '1200',
      },
      expect.objectContaining({
        path: 'settlementUavInfoList[UAV-1].realTimeFlightData',
        oldValue: '否',
        newValue: '是',
      }),
    ]);
  });

  it('gives an added and a removed drone one row each, matched by device number', () => {
    const before = base({ settlementUavInfoList: [drone('UAV-1'), drone('UAV-2')] });
    const after = base({
      settlementUavInfoList: [drone('UAV-2'), drone('UAV-3', { partInfoList: [{ partCode: 'P-01' }] })],
    });
    const changes = diffClaimForms(before, after);
    expect(changes).toEqual([
      expect.objectContaining({ path: 'deviceNumber', oldValue: 'UAV-1,UAV-2', newValue: 'UAV-2,UAV-3' }),
      {
        moduleName: '无人机损失信息',
        path: 'settlementUavInfoList[UAV-3]',
        fieldName: '无人机(UAV-3)',
        operateType: '新增',
        oldValue: null,
        newValue: 'UAV-3',
      },
      {
        moduleName: '无人机损失信息',
        path: 'settlementUavInfoList[UAV-1]',
        fieldName: '无人机(UAV-1)',
        operateType: '删除',
        oldValue: 'UAV-1',
        newValue: null,
      },
    ]);
  });

  it('matches parts by part code, whatever their order', () => {
    const parts = [
      { partCode: 'P-01', partName: '桨叶', partUnitPrice: '100', partCount: '2', partQuality: '1' },
      { partCode: 'P-02', partName: '电机', partUnitPrice: '500', partCount: '1' },
    ];
    const before = base({ settlementUavInfoList: [drone('UAV-1', { partInfoList: parts })] });
    const after = base({
      settlementUavInfoList: [
        drone('UAV-1', { partInfoList: [parts[1], { ...parts[0], partCount: '3', partQuality: '3' }] }),
      ],
    });
    expect(diffClaimForms(before, after)).toEqual([
      {
        moduleName: '配件信息',
        path: 'settlementUavInfoList[UAV-1].partInfoList[P-01].partCount',
        fieldName: '配件(P-01)·数量',
        operateType: '修改',
        oldValue: '2',
        newValue: '3',
      },
      expect.objectContaining({
        path: 'settlementUavInfoList[UAV-1].partInfoList[P-01].partQuality',
        oldValue: '原厂件',
        newValue: '市场件',
      }),
      expect.objectContaining({
        path: 'settlementUavInfoList[UAV-1].partInfoList[P-01].total',
        oldValue: '200',
        newValue: '300',
      }),
    ]);
  });

  it('falls back to the position for parts without a code and keeps repeated codes apart', () => {
    const before = base({
      settlementUavInfoList: [
        drone('UAV-1', { partInfoList: [{ partName: '螺丝' }, { partCode: 'P-01' }, { partCode: 'P-01' }] }),
      ],
    });
    const after = base({
      settlementUavInfoList: [
        drone('UAV-1', {
          partInfoList: [{ partName: '螺母' }, { partCode: 'P-01' }, { partCode: 'P-01', partCount: 2 }],
        }),
      ],
    });
    expect(diffClaimForms(before, after).map((c) => [c.path, c.fieldName])).toEqual([
      ['settlementUavInfoList[UAV-1].partInfoList[0].partName', '配件1·名称'],
      ['settlementUavInfoList[UAV-1].partInfoList[P-01~2].partCount', '配件(P-01~2)·数量'],
    ]);
  });

  it('reports an added part as one row', () => {
    const before = base();
    const after = base({
      settlementUavInfoList: [drone('UAV-1', { partInfoList: [{ partCode: 'P-09', partName: '云台' }] })],
    });
    expect(diffClaimForms(before, after)).toEqual([
      {
        moduleName: '配件信息',
        path: 'settlementUavInfoList[UAV-1].partInfoList[P-09]',
        fieldName: '配件(P-09)',
        operateType: '新增',
        oldValue: null,
        newValue: 'P-09 云台',
      },
    ]);
  });

  it('matches injuries and properties by position', () => {
    const injury = { injuryType: '1', injuryName: '张三', indemnityAmount: '5000' };
    const before = base({
      injuryLossType: '1',
      injuryInfoList: [injury],
      propertyLossType: '2',
      propertyInfoList: [{ propertyName: '车' }],
    });
    const after = base({
      injuryLossType: '1',
      injuryInfoList: [{ ...injury, injuryName: '李四', injuryType: '4' }, { injuryName: '王五' }],
      propertyLossType: '2',
      propertyInfoList: [],
    });
    expect(diffClaimForms(before, after)).toEqual([
      expect.objectContaining({
        moduleName: '人伤信息',
        path: 'injuryInfoList[0].injuryType',
        fieldName: '人伤1·伤者类型',
        oldValue: '飞手',
        newValue: '第三者',
      }),
      {
        moduleName: '人伤信息',
        path: 'injuryInfoList[0].injuryName',
        fieldName: '人伤1·伤者姓名',
        operateType: '修改',
        oldValue: '张三',
        newValue: '李四',
      },
      expect.objectContaining({ path: 'injuryInfoList[1]', fieldName: '人伤2', operateType: '新增', newValue: '王五' }),
      expect.objectContaining({
        moduleName: '财产损失信息',
        path: 'propertyInfoList[0]',
        fieldName: '财产1',
        operateType: '删除',
        oldValue: '车',
      }),
    ]);
  });

  it('gives every row a unique path', () => {
    const before = base({ settlementUavInfoList: [drone('UAV-1'), drone('UAV-2')] });
    const after = base({
      accidentAddress: '别处',
      settlementUavInfoList: [
        drone('UAV-1', { model: 'M350', partInfoList: [{ partCode: 'A' }] }),
        drone('UAV-2', { model: 'M350' }),
      ],
    });
    const paths = diffClaimForms(before, after).map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
