/** 损失类型: drone damage, personal injury and property damage; each remark shows only while its type is ticked. */
import { Checkbox } from '@blueprintjs/core';
import { injuryLossSubtypes, propertyLossSubtypes } from '@feibao/domain/claims/catalogue';
import { CodeChecks, Field, LongText, ReportSection, useLook, type SectionProps } from './controls.tsx';
import { toggleCode } from './reportForm.ts';

export const LossTypesSection = ({ form, edit }: SectionProps) => {
  const { large, readOnly } = useLook();
  const injury = form.injuryLossType.length > 0;
  const property = form.propertyLossType.length > 0;
  return (
    <ReportSection title="损失类型" testId="report-loss-types">
      <Field label="无人机损失" id="report-uavLossType">
        <Checkbox
          id="report-uavLossType"
          size={large ? 'large' : undefined}
          disabled={readOnly}
          label="无人机损坏/丢失"
          checked={form.uavLossType === '1'}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            edit((f) => ({ ...f, uavLossType: on ? '1' : '0' }));
          }}
        />
      </Field>
      <Field label="人员伤亡" id="report-injuryLossType">
        <CodeChecks
          name="injuryLossType"
          choices={injuryLossSubtypes}
          value={form.injuryLossType}
          onChange={(code, on) => edit((f) => ({ ...f, injuryLossType: toggleCode(f.injuryLossType, code, on) }))}
        />
      </Field>
      {injury && (
        <Field label="人员伤亡说明" id="report-injuryLossTypeRemark" wide>
          <LongText
            id="report-injuryLossTypeRemark"
            value={form.injuryLossTypeRemark}
            maxLength={500}
            onChange={(v) => edit((f) => ({ ...f, injuryLossTypeRemark: v }))}
          />
        </Field>
      )}
      <Field label="财产损失" id="report-propertyLossType">
        <CodeChecks
          name="propertyLossType"
          choices={propertyLossSubtypes}
          value={form.propertyLossType}
          onChange={(code, on) => edit((f) => ({ ...f, propertyLossType: toggleCode(f.propertyLossType, code, on) }))}
        />
      </Field>
      {property && (
        <Field label="财产损失说明" id="report-propertyLossTypeRemark" wide>
          <LongText
            id="report-propertyLossTypeRemark"
            value={form.propertyLossTypeRemark}
            maxLength={500}
            onChange={(v) => edit((f) => ({ ...f, propertyLossTypeRemark: v }))}
          />
        </Field>
      )}
    </ReportSection>
  );
};
