/** 人伤信息: the injured, with their ID number (18 characters, checked here as the server does) and the claimed amount in 万元. */
import { injuredTypes } from '@feibao/domain/claims/catalogue';
import { claimFormMessages } from '@feibao/domain/claims/form';
import { isValidIdCard } from '@feibao/domain/accounts/validation';
import {
  AddButton,
  Field,
  NumberInput,
  RemoveButton,
  ReportSection,
  Select,
  TextInput,
  choiceOptions,
  patchRow,
  type SectionProps,
} from './controls.tsx';
import { emptyInjury, type InjuryRow } from './reportForm.ts';

export const InjuriesSection = ({ form, edit }: SectionProps) => {
  const set = (key: string, patch: Partial<InjuryRow>) =>
    edit((f) => ({ ...f, injuries: patchRow(f.injuries, key, patch) }));
  return (
    <ReportSection
      title="人伤信息"
      testId="report-injuries"
      extra={
        <AddButton
          text="添加伤者"
          testId="injury-add"
          onClick={() => edit((f) => ({ ...f, injuries: [...f.injuries, emptyInjury()] }))}
        />
      }
    >
      {form.injuries.length === 0 && <p className="fb-muted">暂无数据</p>}
      {form.injuries.map((row, i) => {
        const id = `injury-${i}`;
        const idCardWrong = row.technicalLevel.trim() !== '' && !isValidIdCard(row.technicalLevel.trim());
        return (
          <div key={row.key} className="fb-report-row" data-testid="injury-row">
            <div className="fb-row-between">
              <strong>伤者 {i + 1}</strong>
              <RemoveButton
                label="删除伤者"
                testId="injury-remove"
                onClick={() => edit((f) => ({ ...f, injuries: f.injuries.filter((x) => x.key !== row.key) }))}
              />
            </div>
            <div className="fb-form-grid fb-form-grid-4">
              <Field label="伤者类型" id={`${id}-type`}>
                <Select
                  id={`${id}-type`}
                  value={row.injuryType}
                  options={choiceOptions(injuredTypes)}
                  onChange={(v) => set(row.key, { injuryType: v })}
                />
              </Field>
              <Field label="伤者姓名" id={`${id}-name`} required>
                <TextInput
                  id={`${id}-name`}
                  value={row.injuryName}
                  maxLength={50}
                  onChange={(v) => set(row.key, { injuryName: v })}
                />
              </Field>
              <Field label="身份证号" id={`${id}-idCard`}>
                <TextInput
                  id={`${id}-idCard`}
                  value={row.technicalLevel}
                  maxLength={18}
                  onChange={(v) => set(row.key, { technicalLevel: v.toUpperCase() })}
                />
                {idCardWrong && (
                  <span className="fb-field-error" role="alert" data-testid="injury-idcard-error">
                    {claimFormMessages.idCardFormat}
                  </span>
                )}
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
