/** 投保公司: the insurers a general order asks for quotes. */
import { Checkbox } from '@blueprintjs/core';
import type { Insurer } from '@feibao/domain/ordering/catalogue';
import { InsurerLogo } from '../InsurerLogo.tsx';
import { Section, useLook, type Edit } from './controls.tsx';
import type { FormState } from './formState.ts';

export const InsurersSection = ({
  value,
  insurers,
  edit,
}: {
  value: FormState;
  insurers: readonly Insurer[];
  edit: Edit;
}) => {
  const { large } = useLook();
  const chosen = (i: Insurer) => value.insuranceCompanyList.some((c) => c.id === i.id);
  const toggle = (insurer: Insurer, checked: boolean) =>
    edit((s) => ({
      ...s,
      insuranceCompanyList: checked
        ? [...s.insuranceCompanyList.filter((c) => c.id !== insurer.id), { id: insurer.id, name: insurer.name }]
        : s.insuranceCompanyList.filter((c) => c.id !== insurer.id),
    }));
  return (
    <Section id="insurers" title="投保公司">
      <div className="fb-insurers">
        {insurers.map((i) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: the Blueprint checkbox inside is the control; the whole card toggles it
          <label key={i.id} className={chosen(i) ? 'fb-insurer fb-insurer-on' : 'fb-insurer'}>
            <Checkbox
              checked={chosen(i)}
              large={large}
              aria-label={i.name}
              onChange={(e) => toggle(i, e.currentTarget.checked)}
            />
            <InsurerLogo insurer={i} />
          </label>
        ))}
      </div>
    </Section>
  );
};
