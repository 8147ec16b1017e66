/** 无人机信息: one tab per drone group, with its device codes, price and technical data. */
import { useState } from 'react';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import {
  CoverId,
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
import { EARLIEST_PRODUCTION_DATE, splitDeviceCodes } from '@feibao/domain/ordering/form';
import type { DroneBrand } from '../api.ts';
import {
  Field,
  NumberInput,
  Section,
  Select,
  TextInput,
  YesNo,
  opts,
  patchAt,
  str,
  useLook,
  type Edit,
} from './controls.tsx';
import { newDrone, shanghaiToday, type DroneState, type FormState } from './formState.ts';

type FieldsProps = { drone: DroneState; index: number; brands: readonly DroneBrand[]; value: FormState; edit: Edit };

const DroneFields = ({ drone: d, index: i, brands, value, edit }: FieldsProps) => {
  const p = `drone-${i}`;
  const isType1 = value.orderType === 1;
  const codes = splitDeviceCodes(str(d.deviceNumber));
  const brand = brands.find((b) => b.name === str(d.manufacturer));
  const models = brand?.children.map((c) => c.name) ?? [];
  const modelOptions = str(d.model) && !models.includes(str(d.model)) ? [...models, str(d.model)] : models;
  const brandOptions = opts(
    [...brands.map((b) => b.name), ...(str(d.manufacturer) && !brand ? [str(d.manufacturer)] : [])],
    '请选择品牌',
  );
  const liability = value.insuranceTypeInfoList.some((l) => l.insuranceTypeId === CoverId.liability);
  const set = (patch: Partial<DroneState>) => edit((s) => ({ ...s, uavInfoList: patchAt(s.uavInfoList, i, patch) }));
  return (
    <div className="fb-form-grid">
      <Field label="无人机名称" id={`${p}-name`}>
        <TextInput id={`${p}-name`} value={d.name} onChange={(v) => set({ name: v })} maxLength={50} />
      </Field>
      <Field label="设备编号（多个用逗号分隔）" id={`${p}-deviceNumber`} wide>
        <TextInput
          id={`${p}-deviceNumber`}
          value={d.deviceNumber}
          onChange={(v) => set({ deviceNumber: v })}
          placeholder="如 SN001,SN002"
          maxLength={10_000}
        />
      </Field>
      <Field label="数量（架）" id={`${p}-quantity`} required={isType1}>
        <NumberInput
          id={`${p}-quantity`}
          value={d.quantity}
          onChange={(v) => set({ quantity: v })}
          disabled={codes.length > 0}
        />
      </Field>
      <Field label="购价（元/架）" id={`${p}-price`} required>
        <NumberInput decimal id={`${p}-price`} value={d.price} onChange={(v) => set({ price: v })} />
      </Field>
      <Field label="品牌/厂商" id={`${p}-manufacturer`}>
        <Select
          id={`${p}-manufacturer`}
          value={d.manufacturer}
          options={brandOptions}
          onChange={(v) => set({ manufacturer: v, model: '' })}
        />
      </Field>
      <Field label="型号" id={`${p}-model`}>
        <Select
          id={`${p}-model`}
          value={d.model}
          options={opts(modelOptions, str(d.manufacturer) ? '请选择型号' : '请先选择品牌')}
          onChange={(v) => set({ model: v })}
          disabled={!str(d.manufacturer)}
        />
      </Field>
      <Field label="生产日期" id={`${p}-productionYear`}>
        <TextInput
          id={`${p}-productionYear`}
          value={d.productionYear}
          onChange={(v) => set({ productionYear: v })}
          type="date"
          min={EARLIEST_PRODUCTION_DATE}
          max={shanghaiToday()}
        />
      </Field>
      <Field label="无人机类型" id={`${p}-deviceType`}>
        <Select
          id={`${p}-deviceType`}
          value={d.deviceType}
          options={opts(droneTypes)}
          onChange={(v) => set({ deviceType: v })}
        />
      </Field>
      <Field label="旋翼数量" id={`${p}-rotorCount`}>
        <Select
          id={`${p}-rotorCount`}
          value={d.rotorCount}
          options={opts(rotorCounts)}
          onChange={(v) => set({ rotorCount: v })}
          disabled={d.deviceType !== MULTIROTOR}
        />
      </Field>
      <Field label="驱动方式" id={`${p}-driveType`}>
        <Select
          id={`${p}-driveType`}
          value={d.driveType}
          options={opts(driveTypes)}
          onChange={(v) => set({ driveType: v })}
        />
      </Field>
      <Field label="飞行方式" id={`${p}-flyType`}>
        <Select id={`${p}-flyType`} value={d.flyType} options={opts(flyTypes)} onChange={(v) => set({ flyType: v })} />
      </Field>
      <Field label="最大起飞重量（kg）" id={`${p}-maxFlyingWeight`} required={isType1 && liability}>
        <NumberInput
          decimal
          id={`${p}-maxFlyingWeight`}
          value={d.maxFlyingWeight}
          onChange={(v) => set({ maxFlyingWeight: v })}
        />
      </Field>
      <Field label="有效载重（kg）" id={`${p}-effectiveLoadWeight`}>
        <NumberInput
          decimal
          id={`${p}-effectiveLoadWeight`}
          value={d.effectiveLoadWeight}
          onChange={(v) => set({ effectiveLoadWeight: v })}
        />
      </Field>
      <Field label="抗风等级" id={`${p}-windResistance`}>
        <Select
          id={`${p}-windResistance`}
          value={d.windResistance}
          options={opts(windResistances)}
          onChange={(v) => set({ windResistance: v })}
        />
      </Field>
      <Field label="自救方案" id={`${p}-selfRescuePlan`}>
        <Select
          id={`${p}-selfRescuePlan`}
          value={d.selfRescuePlan}
          options={opts(selfRescuePlans)}
          onChange={(v) => set({ selfRescuePlan: v })}
        />
      </Field>
      {d.selfRescuePlan === OTHER && (
        <Field label="自救方案说明" id={`${p}-selfRescuePlanRemark`}>
          <TextInput
            id={`${p}-selfRescuePlanRemark`}
            value={d.selfRescuePlanRemark}
            onChange={(v) => set({ selfRescuePlanRemark: v })}
            maxLength={200}
          />
        </Field>
      )}
      <Field label="实时飞行数据" id={`${p}-realTimeFlightData`}>
        <YesNo
          name={`${p}-realTimeFlightData`}
          value={d.realTimeFlightData}
          onChange={(v) => set({ realTimeFlightData: v })}
          labels={['有', '无']}
        />
      </Field>
      <Field label="数据平台" id={`${p}-dataPlatform`}>
        <Select
          id={`${p}-dataPlatform`}
          value={d.dataPlatform}
          options={opts(dataPlatforms)}
          onChange={(v) => set({ dataPlatform: v })}
          disabled={str(d.realTimeFlightData) !== '1'}
        />
      </Field>
      {d.dataPlatform === OTHER && (
        <Field label="数据平台说明" id={`${p}-dataPlatformRemark`}>
          <TextInput
            id={`${p}-dataPlatformRemark`}
            value={d.dataPlatformRemark}
            onChange={(v) => set({ dataPlatformRemark: v })}
            maxLength={200}
          />
        </Field>
      )}
      <Field label="飞控系统" id={`${p}-flightControlSystem`}>
        <TextInput
          id={`${p}-flightControlSystem`}
          value={d.flightControlSystem}
          onChange={(v) => set({ flightControlSystem: v })}
        />
      </Field>
      <Field label="使用寿命（年）" id={`${p}-usefulLife`}>
        <NumberInput decimal id={`${p}-usefulLife`} value={d.usefulLife} onChange={(v) => set({ usefulLife: v })} />
      </Field>
      <Field label="动力系统寿命（年）" id={`${p}-dynamicalSystemUsefulLife`}>
        <NumberInput
          decimal
          id={`${p}-dynamicalSystemUsefulLife`}
          value={d.dynamicalSystemUsefulLife}
          onChange={(v) => set({ dynamicalSystemUsefulLife: v })}
        />
      </Field>
    </div>
  );
};

export const DronesSection = ({
  value,
  brands,
  edit,
}: {
  value: FormState;
  brands: readonly DroneBrand[];
  edit: Edit;
}) => {
  const { large, readOnly } = useLook();
  const [droneTab, setDroneTab] = useState(0);
  const drones = value.uavInfoList;
  const currentTab = Math.min(droneTab, Math.max(0, drones.length - 1));
  const totalCodes = drones.flatMap((d) => splitDeviceCodes(str(d.deviceNumber)));
  return (
    <Section
      id="drones"
      title="无人机信息"
      extra={
        <span className="fb-muted fb-section-note">
          共 {drones.length} 组 · 设备编号 {totalCodes.length} 个
        </span>
      }
    >
      {/* Blueprint's sliding indicator measures the selected tab after every render of the form (its
          panels are new elements each time): a forced layout of the whole page, the largest single
          cost in a 4×-slowed profile of /touch/insure's first load. Unanimated, the same 3 px line is
          the selected tab's own style; only the slide between tabs is gone. */}
      <Tabs
        id="drone-tabs"
        selectedTabId={currentTab}
        onChange={(t) => setDroneTab(Number(t))}
        className="fb-drone-tabs"
        animate={false}
        renderActiveTabPanelOnly
      >
        {drones.map((d, i) => (
          <Tab
            // biome-ignore lint/suspicious/noArrayIndexKey: a drone tab is its position in the form
            key={i}
            id={i}
            title={str(d.name) || `无人机${i + 1}`}
            tagContent={str(d.quantity) || undefined}
            panel={
              <div className="fb-drone-panel">
                <DroneFields drone={d} index={i} brands={brands} value={value} edit={edit} />
                {!readOnly && drones.length > 1 && (
                  <Button
                    intent="danger"
                    variant="outlined"
                    icon="trash"
                    text="删除此无人机"
                    onClick={() => {
                      edit((s) => ({ ...s, uavInfoList: s.uavInfoList.filter((_, j) => j !== i) }));
                      setDroneTab(Math.max(0, i - 1));
                    }}
                  />
                )}
              </div>
            }
          />
        ))}
      </Tabs>
      {!readOnly && (
        <Button
          className="fb-add"
          icon="add"
          text="添加无人机"
          size={large ? 'large' : undefined}
          onClick={() => {
            edit((s) => ({ ...s, uavInfoList: [...s.uavInfoList, newDrone()] }));
            setDroneTab(drones.length);
          }}
        />
      )}
    </Section>
  );
};
