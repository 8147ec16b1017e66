/** One damaged drone's fields (a tab of 无人机损失信息), filled from the policy and editable after. */
import {
  MULTIROTOR,
  OTHER,
  dataPlatforms,
  driveTypes,
  droneTypes,
  flyTypes,
  rotorCounts,
  selfRescuePlans,
  windResistances,
} from '@feibao/domain/ordering/catalogue';
import type { DroneWithFlightData } from '../api.ts';
import { Field, NumberInput, Select, TextInput, YesNo, listOptions } from './controls.tsx';
import type { DroneTab } from './reportForm.ts';

type FlightData = NonNullable<DroneWithFlightData['flightData']>;
type DroneText = Exclude<keyof DroneTab, 'key' | 'partInfoList' | 'realTimeFlightData'>;

/** The simulated flight record getSettlementUavInfo returns with the drone. */
export const FlightSummary = ({ data }: { data: FlightData | null | undefined }) =>
  data ? (
    <p className="fb-muted fb-report-flight" data-testid="drone-flight-data">
      飞行数据（模拟）：共 {data.flightCount} 次飞行，最近一次 {data.lastFlightAt.slice(0, 16).replace('T', ' ')}，位置{' '}
      {data.lastPosition.latitude.toFixed(4)}, {data.lastPosition.longitude.toFixed(4)}
    </p>
  ) : null;

export const DroneFields = ({ drone: d, set }: { drone: DroneTab; set: (patch: Partial<DroneTab>) => void }) => {
  const p = `drone-${d.deviceNumber}`;
  const text = (field: DroneText, label: string, maxLength = 50) => (
    <Field label={label} id={`${p}-${field}`}>
      <TextInput
        id={`${p}-${field}`}
        value={String(d[field] ?? '')}
        maxLength={maxLength}
        onChange={(v) => set({ [field]: v })}
      />
    </Field>
  );
  const number = (field: DroneText, label: string) => (
    <Field label={label} id={`${p}-${field}`}>
      <NumberInput decimal id={`${p}-${field}`} value={String(d[field] ?? '')} onChange={(v) => set({ [field]: v })} />
    </Field>
  );
  const choose = (field: DroneText, label: string, list: readonly (string | number)[], disabled = false) => (
    <Field label={label} id={`${p}-${field}`}>
      <Select
        id={`${p}-${field}`}
        value={String(d[field] ?? '')}
        options={listOptions(list)}
        disabled={disabled}
        onChange={(v) => set({ [field]: v })}
      />
    </Field>
  );
  return (
    <div className="fb-form-grid">
      {text('manufacturer', '生产厂商')}
      {text('model', '型号')}
      {text('productionYear', '生产年份', 20)}
      {number('price', '购价（元）')}
      {choose('deviceType', '无人机类型', droneTypes)}
      {choose('rotorCount', '旋翼数量', rotorCounts, d.deviceType !== MULTIROTOR)}
      {choose('driveType', '驱动方式', driveTypes)}
      {choose('flyType', '飞行方式', flyTypes)}
      {number('maxFlyingWeight', '最大起飞重量（kg）')}
      {number('effectiveLoadWeight', '有效载重（kg）')}
      {choose('windResistance', '抗风等级', windResistances)}
      {choose('selfRescuePlan', '自救方案', selfRescuePlans)}
      <Field label="自救方案说明" id={`${p}-selfRescuePlanRemark`}>
        <TextInput
          id={`${p}-selfRescuePlanRemark`}
          value={d.selfRescuePlanRemark}
          maxLength={200}
          disabled={d.selfRescuePlan !== OTHER}
          placeholder={d.selfRescuePlan === OTHER ? '请说明' : '选择“其他”后填写'}
          onChange={(v) => set({ selfRescuePlanRemark: v })}
        />
      </Field>
      <Field label="是否有实时飞行数据" id={`${p}-realTimeFlightData`}>
        <YesNo
          name={`${p}-realTimeFlightData`}
          value={d.realTimeFlightData}
          onChange={(v) => set({ realTimeFlightData: v })}
        />
      </Field>
      {choose('dataPlatform', '数据平台', dataPlatforms, d.realTimeFlightData !== '1')}
      <Field label="数据平台说明" id={`${p}-dataPlatformRemark`}>
        <TextInput
          id={`${p}-dataPlatformRemark`}
          value={d.dataPlatformRemark}
          maxLength={200}
          disabled={d.realTimeFlightData !== '1' || d.dataPlatform !== OTHER}
          placeholder={d.dataPlatform === OTHER ? '请说明' : '选择“其他”后填写'}
          onChange={(v) => set({ dataPlatformRemark: v })}
        />
      </Field>
      {text('flightControlSystem', '飞控系统', 100)}
      {number('usefulLife', '使用寿命（年）')}
      {number('dynamicalSystemUsefulLife', '动力系统使用寿命（年）')}
    </div>
  );
};
