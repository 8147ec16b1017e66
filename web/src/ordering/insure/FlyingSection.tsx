/** 飞行信息: application field, flight profile (locked for education), dates, coach synchronisation. */
import {
  CoverId,
  EDUCATION_FIELD,
  OTHER,
  applicationFields,
  takeoffMethods,
  taskModes,
  terrains,
} from '@feibao/domain/ordering/catalogue';
import { EARLIEST_PRODUCTION_DATE } from '@feibao/domain/ordering/form';
import { Field, Section, Select, TextInput, YesNo, opts, type Edit } from './controls.tsx';
import { shanghaiToday, type FlyingState, type FormState } from './formState.ts';

export const FlyingSection = ({ value, edit }: { value: FormState; edit: Edit }) => {
  const flying = value.flyingInfo;
  const isType1 = value.orderType === 1;
  const educationLocked = flying.applicationField === EDUCATION_FIELD;
  const set = (patch: Partial<FlyingState>) => edit((s) => ({ ...s, flyingInfo: { ...s.flyingInfo, ...patch } }));
  return (
    <Section id="flying" title="飞行信息">
      <div className="fb-form-grid">
        <Field label="应用行业" id="flying-applicationField" required>
          <Select
            id="flying-applicationField"
            value={flying.applicationField}
            options={opts(applicationFields, '请点击选择应用行业')}
            onChange={(v) => set({ applicationField: v })}
          />
        </Field>
        {flying.applicationField === OTHER && (
          <Field label="应用行业说明" id="flying-applicationFieldRemark" required>
            <TextInput
              id="flying-applicationFieldRemark"
              value={flying.applicationFieldRemark}
              onChange={(v) => set({ applicationFieldRemark: v })}
              placeholder="请输入应用行业"
            />
          </Field>
        )}
        <Field label="主要地形" id="flying-mainTerrain">
          <Select
            id="flying-mainTerrain"
            value={flying.mainTerrain}
            options={opts(terrains)}
            onChange={(v) => set({ mainTerrain: v })}
            disabled={educationLocked}
          />
        </Field>
        <Field label="起降方式" id="flying-landingAndTakeoffMethods">
          <Select
            id="flying-landingAndTakeoffMethods"
            value={flying.landingAndTakeoffMethods}
            options={opts(takeoffMethods)}
            onChange={(v) => set({ landingAndTakeoffMethods: v })}
            disabled={educationLocked}
          />
        </Field>
        <Field label="作业模式" id="flying-taskMode">
          <Select
            id="flying-taskMode"
            value={flying.taskMode}
            options={opts(taskModes)}
            onChange={(v) => set({ taskMode: v })}
            disabled={educationLocked}
          />
        </Field>
        <Field label="上次投保日期" id="flying-lastInsuranceDate">
          <TextInput
            id="flying-lastInsuranceDate"
            value={flying.lastInsuranceDate}
            onChange={(v) => set({ lastInsuranceDate: v })}
            type="date"
            min={EARLIEST_PRODUCTION_DATE}
            max={shanghaiToday()}
          />
        </Field>
        <Field label="起保日期" id="f-startDate">
          <TextInput
            id="f-startDate"
            value={value.startDate}
            onChange={(v) => edit((s) => ({ ...s, startDate: v }))}
            type="date"
            min={shanghaiToday()}
          />
        </Field>
        {isType1 && (
          <Field
            label="教练是否同步控制"
            id="flying-synchronization"
            required={value.insuranceTypeInfoList.some((l) => l.insuranceTypeId === CoverId.hull)}
          >
            <YesNo
              name="flying-synchronization"
              value={flying.synchronization}
              onChange={(v) => set({ synchronization: v })}
            />
          </Field>
        )}
      </div>
    </Section>
  );
};
