/** The 投保要求 form: the domain's schema checks it before it is sent, the server checks it again. */
import { useState } from 'react';
import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import type { InsuranceType } from '@feibao/domain/ordering/catalogue';
import { requirementsSchema, type Requirements } from '@feibao/domain/ordering/requirements';
import { validate } from '../../api/forms.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { Field, useForm } from '../../shared/form.tsx';
import { stateRequirements } from './api.ts';

type Values = {
  minLiabilityWan: string;
  maxHullDeductibleYuan: string;
  minTermDays: string;
  requiredCoverIds: number[];
  insuredName: string;
  insuredCreditCode: string;
};

const valuesOf = (r: Requirements | null): Values => ({
  minLiabilityWan: r?.minLiabilityWan?.toString() ?? '',
  maxHullDeductibleYuan: r?.maxHullDeductibleYuan?.toString() ?? '',
  minTermDays: r?.minTermDays?.toString() ?? '',
  requiredCoverIds: r?.requiredCoverIds ?? [],
  insuredName: r?.additionalInsured?.name ?? '',
  insuredCreditCode: r?.additionalInsured?.creditCode ?? '',
});

const bodyOf = (v: Values) => ({
  minLiabilityWan: v.minLiabilityWan,
  maxHullDeductibleYuan: v.maxHullDeductibleYuan,
  minTermDays: v.minTermDays,
  requiredCoverIds: v.requiredCoverIds,
  additionalInsured:
    v.insuredName.trim() || v.insuredCreditCode.trim()
      ? { name: v.insuredName, creditCode: v.insuredCreditCode || null }
      : null,
});

/** Schema paths of the insured's fields, keyed as this form names them. */
const fieldOf: Record<string, string> = { additionalInsured: 'insuredName' };

export const RequirementsForm = ({
  orderId,
  requirements,
  covers,
  mobile,
  onSaved,
  onCancel,
}: {
  orderId: string;
  requirements: Requirements | null;
  covers: readonly InsuranceType[];
  mobile: boolean;
  onSaved: (saved: Requirements) => void;
  onCancel: () => void;
}) => {
  const form = useForm<Values>(() => valuesOf(requirements));
  const [busy, setBusy] = useState(false);
  const v = form.values;
  const toggleCover = (id: number, on: boolean) =>
    form.setValues({
      ...v,
      requiredCoverIds: on ? [...v.requiredCoverIds, id] : v.requiredCoverIds.filter((c) => c !== id),
    });

  const submit = async () => {
    const body = bodyOf(v);
    const checked = validate(requirementsSchema, body);
    if (!checked.ok) {
      form.setErrors(
        Object.fromEntries(Object.entries(checked.errors).map(([k, message]) => [fieldOf[k] ?? k, message])),
      );
      toast.warning(checked.first);
      return;
    }
    setBusy(true);
    try {
      const env = await stateRequirements(orderId, body);
      toast.success(env.message || '投保要求已保存');
      const { id: _id, ...saved } = env.data;
      onSaved(saved);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fb-requirements-form" data-testid="requirements-form">
      <div className="fb-form-grid">
        <Field label="三者险最低限额（万元）" name="minLiabilityWan" error={form.errors.minLiabilityWan}>
          <InputGroup id="f-minLiabilityWan" inputMode="numeric" large={mobile} {...form.bind('minLiabilityWan')} />
        </Field>
        <Field
          label="机身险最高免赔（元/次）"
          name="maxHullDeductibleYuan"
          error={form.errors.maxHullDeductibleYuan}
          helper="按比例免赔的，以机身全损时的免赔额核对"
        >
          <InputGroup
            id="f-maxHullDeductibleYuan"
            inputMode="numeric"
            large={mobile}
            {...form.bind('maxHullDeductibleYuan')}
          />
        </Field>
        <Field label="最短保险期间（天）" name="minTermDays" error={form.errors.minTermDays}>
          <InputGroup id="f-minTermDays" inputMode="numeric" large={mobile} {...form.bind('minTermDays')} />
        </Field>
        <Field label="附加被保险人名称" name="insuredName" error={form.errors.insuredName}>
          <InputGroup id="f-insuredName" large={mobile} placeholder="如项目甲方" {...form.bind('insuredName')} />
        </Field>
        <Field label="附加被保险人统一社会信用代码" name="insuredCreditCode" error={form.errors.insuredCreditCode}>
          <InputGroup id="f-insuredCreditCode" large={mobile} {...form.bind('insuredCreditCode')} />
        </Field>
      </div>
      <fieldset className="fb-requirements-covers">
        <legend>必须包含的险种</legend>
        {covers.map((c) => (
          <Checkbox
            key={c.id}
            inline
            label={c.name}
            checked={v.requiredCoverIds.includes(c.id)}
            onChange={(e) => toggleCover(c.id, e.currentTarget.checked)}
          />
        ))}
        {form.errors.requiredCoverIds && <div className="fb-field-error">{form.errors.requiredCoverIds}</div>}
      </fieldset>
      <div className="fb-requirements-actions">
        <Button text="取消" onClick={onCancel} />
        <Button
          intent="primary"
          text="保存要求"
          loading={busy}
          data-testid="requirements-save"
          onClick={() => void submit()}
        />
      </div>
    </div>
  );
};
