/** 飞手信息, 设备信息 and 人员信息 (staff and student head counts). */
import { CoverId, OTHER, deviceNames, pilotLevels } from '@feibao/domain/ordering/catalogue';
import {
  AddButton,
  Field,
  NumberInput,
  RemoveButton,
  Section,
  Select,
  TextInput,
  opts,
  patchAt,
  type Edit,
} from './controls.tsx';
import { newDevice, newPilot, type DeviceState, type FormState, type PilotState } from './formState.ts';

type Props = { value: FormState; edit: Edit };

const has = (value: FormState, coverId: number) =>
  value.insuranceTypeInfoList.some((l) => l.insuranceTypeId === coverId);

export const PilotsSection = ({ value, edit }: Props) => {
  const set = (i: number, patch: Partial<PilotState>) =>
    edit((s) => ({ ...s, uavDriverInfoList: patchAt(s.uavDriverInfoList, i, patch) }));
  return (
    <Section id="pilots" title="飞手信息">
      {value.uavDriverInfoList.length === 0 && (
        <p className="fb-muted">
          暂无飞手{has(value, CoverId.operatorAccident) ? '（附加操作人员意外险需添加飞手）' : ''}。
        </p>
      )}
      {value.uavDriverInfoList.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: these rows have no identity of their own; their position is what the form edits
        <div key={i} className="fb-item-row" data-pilot={i}>
          <div className="fb-form-grid fb-form-grid-4">
            <Field label="姓名" id={`pilot-${i}-name`}>
              <TextInput id={`pilot-${i}-name`} value={p.name} onChange={(v) => set(i, { name: v })} maxLength={50} />
            </Field>
            <Field label="执照编号" id={`pilot-${i}-licenseNumber`}>
              <TextInput
                id={`pilot-${i}-licenseNumber`}
                value={p.licenseNumber}
                onChange={(v) => set(i, { licenseNumber: v })}
                maxLength={50}
              />
            </Field>
            <Field label="技术等级" id={`pilot-${i}-technicalLevel`}>
              <Select
                id={`pilot-${i}-technicalLevel`}
                value={p.technicalLevel}
                options={opts(pilotLevels)}
                onChange={(v) => set(i, { technicalLevel: v })}
              />
            </Field>
            <Field label="飞行小时数" id={`pilot-${i}-operatingHours`}>
              <NumberInput
                id={`pilot-${i}-operatingHours`}
                value={p.operatingHours}
                onChange={(v) => set(i, { operatingHours: v })}
              />
            </Field>
          </div>
          <RemoveButton
            label={`删除飞手${i + 1}`}
            onClick={() => edit((s) => ({ ...s, uavDriverInfoList: s.uavDriverInfoList.filter((_, j) => j !== i) }))}
          />
        </div>
      ))}
      <AddButton
        text="添加飞手"
        onClick={() => edit((s) => ({ ...s, uavDriverInfoList: [...s.uavDriverInfoList, newPilot()] }))}
      />
    </Section>
  );
};

export const DevicesSection = ({ value, edit }: Props) => {
  const set = (i: number, patch: Partial<DeviceState>) =>
    edit((s) => ({ ...s, deviceInfoList: patchAt(s.deviceInfoList, i, patch) }));
  return (
    <Section id="devices" title="设备信息">
      {value.deviceInfoList.length === 0 && <p className="fb-muted">暂无挂载设备。</p>}
      {value.deviceInfoList.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: these rows have no identity of their own; their position is what the form edits
        <div key={i} className="fb-item-row" data-device={i}>
          <div className="fb-form-grid fb-form-grid-4">
            <Field label="设备名称" id={`device-${i}-name`}>
              <Select
                id={`device-${i}-name`}
                value={d.name}
                options={opts(deviceNames)}
                onChange={(v) => set(i, { name: v })}
              />
            </Field>
            {d.name === OTHER && (
              <Field label="设备名称说明" id={`device-${i}-nameRemark`}>
                <TextInput
                  id={`device-${i}-nameRemark`}
                  value={d.nameRemark}
                  onChange={(v) => set(i, { nameRemark: v })}
                />
              </Field>
            )}
            <Field label="厂商" id={`device-${i}-manufacturer`}>
              <TextInput
                id={`device-${i}-manufacturer`}
                value={d.manufacturer}
                onChange={(v) => set(i, { manufacturer: v })}
                maxLength={50}
              />
            </Field>
            <Field label="型号" id={`device-${i}-model`}>
              <TextInput
                id={`device-${i}-model`}
                value={d.model ?? d.mode}
                onChange={(v) => set(i, { model: v })}
                maxLength={50}
              />
            </Field>
            <Field label="价格（元）" id={`device-${i}-price`}>
              <NumberInput decimal id={`device-${i}-price`} value={d.price} onChange={(v) => set(i, { price: v })} />
            </Field>
          </div>
          <RemoveButton
            label={`删除设备${i + 1}`}
            onClick={() => edit((s) => ({ ...s, deviceInfoList: s.deviceInfoList.filter((_, j) => j !== i) }))}
          />
        </div>
      ))}
      <AddButton
        text="添加设备"
        onClick={() => edit((s) => ({ ...s, deviceInfoList: [...s.deviceInfoList, newDevice()] }))}
      />
    </Section>
  );
};

/** Head counts, asked for by the staff and student covers. */
export const PeopleSection = ({ value, edit }: Props) => {
  const showStaff = has(value, CoverId.staffAccident);
  const showStudents = has(value, CoverId.studentAccident) || has(value, CoverId.trainingLiability);
  if (!showStaff && !showStudents) return null;
  return (
    <Section id="people" title="人员信息">
      <div className="fb-form-grid">
        {showStaff && (
          <Field label="员工人数" id="f-staffCount" required>
            <NumberInput
              id="f-staffCount"
              value={value.staffCount}
              onChange={(v) => edit((s) => ({ ...s, staffCount: v }))}
            />
          </Field>
        )}
        {showStudents && (
          <Field label="学员人数" id="f-studentCount" required={has(value, CoverId.studentAccident)}>
            <NumberInput
              id="f-studentCount"
              value={value.studentCount}
              onChange={(v) => edit((s) => ({ ...s, studentCount: v }))}
            />
          </Field>
        )}
      </div>
    </Section>
  );
};
