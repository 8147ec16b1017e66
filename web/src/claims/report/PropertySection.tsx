/** 财产损失信息: damaged property, its owner and the claimed amount in 万元. */
import {
  AddButton,
  Field,
  NumberInput,
  RemoveButton,
  ReportSection,
  TextInput,
  patchRow,
  type SectionProps,
} from './controls.tsx';
import { emptyProperty, type PropertyRow } from './reportForm.ts';

export const PropertySection = ({ form, edit }: SectionProps) => {
  const set = (key: string, patch: Partial<PropertyRow>) =>
    edit((f) => ({ ...f, properties: patchRow(f.properties, key, patch) }));
  return (
    <ReportSection
      title="财产损失信息"
      testId="report-properties"
      extra={
        <AddButton
          text="添加财产"
          testId="property-add"
          onClick={() => edit((f) => ({ ...f, properties: [...f.properties, emptyProperty()] }))}
        />
      }
    >
      {form.properties.length === 0 && <p className="fb-muted">暂无数据</p>}
      {form.properties.map((row, i) => {
        const id = `property-${i}`;
        return (
          <div key={row.key} className="fb-report-row" data-testid="property-row">
            <div className="fb-row-between">
              <strong>财产 {i + 1}</strong>
              <RemoveButton
                label="删除财产"
                testId="property-remove"
                onClick={() => edit((f) => ({ ...f, properties: f.properties.filter((x) => x.key !== row.key) }))}
              />
            </div>
            <div className="fb-form-grid">
              <Field label="财产名称" id={`${id}-name`} required>
                <TextInput
                  id={`${id}-name`}
                  value={row.propertyName}
                  onChange={(v) => set(row.key, { propertyName: v })}
                />
              </Field>
              <Field label="财产所有人" id={`${id}-owner`}>
                <TextInput
                  id={`${id}-owner`}
                  value={row.propertyOwner}
                  maxLength={50}
                  onChange={(v) => set(row.key, { propertyOwner: v })}
                />
              </Field>
              <Field label="索赔金额（万元）" id={`${id}-amount`}>
                <NumberInput
                  decimal
                  id={`${id}-amount`}
                  value={row.indemnityAmount}
                  onChange={(v) => set(row.key, { indemnityAmount: v })}
                />
              </Field>
            </div>
          </div>
        );
      })}
    </ReportSection>
  );
};
