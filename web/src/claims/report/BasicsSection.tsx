/** 事故基本信息: policy number, when and where, the accident type, authorities and other parties, 事故经过. */
import { Checkbox } from '@blueprintjs/core';
import { uavAccidentTypes } from '@feibao/domain/claims/catalogue';
import { provinces } from '@feibao/domain/catalogue/regions';
import {
  Field,
  LongText,
  ReportSection,
  Select,
  TextInput,
  YesNo,
  choiceOptions,
  useLook,
  type SectionProps,
} from './controls.tsx';
import { accidentTimeBounds, cityCodesOf, setOtherPerpetrators } from './reportForm.ts';

const provinceOptions = [
  { value: '', label: '请选择省份' },
  ...provinces.map((p) => ({ value: p.code, label: p.name })),
];

export const BasicsSection = ({
  form,
  edit,
  policyNo,
  policyVersion,
  now,
}: SectionProps & { policyNo: string; policyVersion?: string; now: Date }) => {
  const { large, readOnly } = useLook();
  const bounds = accidentTimeBounds(now);
  const cityList = `report-cities-${form.accidentAddressProvince || 'none'}`;
  const set = (patch: Partial<typeof form>) => edit((f) => ({ ...f, ...patch }));
  return (
    <ReportSection title="事故基本信息" testId="report-basics">
      <div className="fb-form-grid">
        <Field label="保单号" id="report-policyNo">
          <TextInput id="report-policyNo" value={policyNo} onChange={() => undefined} disabled />
        </Field>
        {policyVersion && (
          <Field label="保单版本" id="report-policyVersion">
            <TextInput id="report-policyVersion" value={policyVersion} onChange={() => undefined} disabled />
          </Field>
        )}
        <Field label="出险时间" id="report-accidentTime" required>
          <TextInput
            id="report-accidentTime"
            type="datetime-local"
            min={bounds.min}
            max={bounds.max}
            value={form.accidentTime}
            onChange={(v) => set({ accidentTime: v })}
          />
        </Field>
        <Field label="事故类型" id="report-uavAccidentType" required>
          <Select
            id="report-uavAccidentType"
            value={form.uavAccidentType}
            options={choiceOptions(uavAccidentTypes)}
            onChange={(v) => set({ uavAccidentType: v })}
          />
        </Field>
        <Field label="出险地点（省份）" id="report-province" required>
          <Select
            id="report-province"
            value={form.accidentAddressProvince}
            options={provinceOptions}
            // another province's cities no longer apply
            onChange={(v) =>
              set({
                accidentAddressProvince: v,
                accidentAddressCity:
                  form.accidentAddressCity.slice(0, 2) === v.slice(0, 2) ? form.accidentAddressCity : '',
              })
            }
          />
        </Field>
        <Field label="出险地点（城市代码）" id="report-city" required>
          <TextInput
            id="report-city"
            value={form.accidentAddressCity}
            inputMode="numeric"
            maxLength={6}
            list={cityList}
            placeholder={
              form.accidentAddressProvince ? `如 ${form.accidentAddressProvince.slice(0, 2)}0100` : '请先选择省份'
            }
            disabled={!form.accidentAddressProvince}
            onChange={(v) => set({ accidentAddressCity: v.replace(/\D/g, '') })}
          />
          <datalist id={cityList}>
            {cityCodesOf(form.accidentAddressProvince).map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
        <Field label="详细地址" id="report-address" required>
          <TextInput
            id="report-address"
            value={form.accidentAddress}
            maxLength={200}
            onChange={(v) => set({ accidentAddress: v })}
          />
        </Field>
        <Field label="是否有公安、消防或安监部门介入" id="report-government">
          <YesNo
            name="report-government"
            value={form.governmentIntervention}
            onChange={(v) => set({ governmentIntervention: v })}
          />
        </Field>
        <Field label="其他肇事方" id="report-otherPerpetrators">
          <Checkbox
            id="report-otherPerpetrators"
            size={large ? 'large' : undefined}
            disabled={readOnly}
            label="有其他肇事方"
            checked={form.otherPerpetrators === '1'}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              edit((f) => setOtherPerpetrators(f, on));
            }}
          />
        </Field>
        {form.otherPerpetrators === '1' && (
          <Field label="其他肇事方名称" id="report-perpetrator" required>
            <TextInput
              id="report-perpetrator"
              value={form.uavAccidentTypeRemark}
              onChange={(v) => set({ uavAccidentTypeRemark: v })}
            />
          </Field>
        )}
      </div>
      <Field label="事故经过" id="report-accidentTypeRemark" wide>
        <LongText
          id="report-accidentTypeRemark"
          value={form.accidentTypeRemark}
          maxLength={2000}
          onChange={(v) => set({ accidentTypeRemark: v })}
        />
      </Field>
    </ReportSection>
  );
};
