/**
 * The 批改 edits: drones removed, drones added (the insure form's drone fields), a line's sum insured, the
 * insured's contact details. The controls are the insure form's (shared/controls.tsx).
 */
import { Button, Checkbox, H5 } from '@blueprintjs/core';
import { acceptedSumInsured, droneTypes } from '@feibao/domain/ordering/catalogue';
import type { Drone } from '@feibao/domain/ordering/form';
import type { PlanRow } from '@feibao/domain/ordering/api';
import { Field } from '../shared/form.tsx';
import { NumberInput, Select, TextInput, listOptions } from '../shared/controls.tsx';
import { emptyDrone, lineKeyOf, type Edits, type NewDrone } from './changes.ts';

type Props = { drones: readonly Drone[]; lines: readonly PlanRow[]; edits: Edits; onChange: (e: Edits) => void };

const droneFields: [keyof NewDrone, string, 'text' | 'number' | 'date' | 'type'][] = [
  ['name', '无人机名称', 'text'],
  ['deviceNumber', '设备编号（多个用逗号分隔）', 'text'],
  ['manufacturer', '生产厂商', 'text'],
  ['model', '型号', 'text'],
  ['deviceType', '无人机类型', 'type'],
  ['productionYear', '生产日期', 'date'],
  ['price', '购买价格（元）', 'number'],
  ['maxFlyingWeight', '最大起飞重量（kg）', 'number'],
];

export const EndorseEditor = ({ drones, lines, edits, onChange }: Props) => {
  const toggle = (i: number) =>
    onChange({
      ...edits,
      removed: edits.removed.includes(i) ? edits.removed.filter((x) => x !== i) : [...edits.removed, i],
    });
  const patchDrone = (i: number, patch: Partial<NewDrone>) =>
    onChange({ ...edits, added: edits.added.map((d, j) => (j === i ? { ...d, ...patch } : d)) });

  return (
    <div className="fb-endorse-editor">
      <section data-testid="endorse-remove">
        <H5>删除无人机</H5>
        {drones.map((d, i) => (
          <Checkbox
            // biome-ignore lint/suspicious/noArrayIndexKey: a drone is named by its place in the policy, as the API does
            key={i}
            checked={edits.removed.includes(i)}
            label={`${d.name ?? `无人机${i + 1}`}${d.deviceNumber ? `（${d.deviceNumber}）` : ''}`}
            data-testid={`endorse-remove-${i}`}
            onChange={() => toggle(i)}
          />
        ))}
      </section>
      <section data-testid="endorse-add">
        <H5>新增无人机</H5>
        {edits.added.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: new drones have no identity yet; their position is what is edited
          <div className="fb-endorse-drone" key={i} data-testid={`endorse-added-${i}`}>
            {droneFields.map(([field, label, kind]) => {
              const id = `endorse-drone-${i}-${field}`;
              const set = (v: string) => patchDrone(i, { [field]: v });
              return (
                <Field key={field} id={id} label={label}>
                  {kind === 'type' ? (
                    <Select id={id} value={d[field]} options={listOptions(droneTypes)} onChange={set} />
                  ) : kind === 'number' ? (
                    <NumberInput id={id} value={d[field]} decimal onChange={set} />
                  ) : (
                    <TextInput id={id} value={d[field]} type={kind === 'date' ? 'date' : undefined} onChange={set} />
                  )}
                </Field>
              );
            })}
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              text="移除"
              onClick={() => onChange({ ...edits, added: edits.added.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        <Button
          icon="add"
          text="添加无人机"
          data-testid="endorse-add-drone"
          onClick={() => onChange({ ...edits, added: [...edits.added, emptyDrone()] })}
        />
      </section>
      <section data-testid="endorse-amounts">
        <H5>变更保额（万元）</H5>
        <div className="fb-endorse-amounts">
          {lines.map((l) => {
            const key = lineKeyOf(l);
            const id = `endorse-amount-${key.replace(':', '-')}`;
            const accepted = acceptedSumInsured[l.insuranceTypeInfoId];
            const label = `${l.insuranceTypeInfoName}${l.uavInfoName ? `·${l.uavInfoName}` : ''}（现${l.insuranceAmount}）`;
            const set = (v: string) => onChange({ ...edits, amounts: { ...edits.amounts, [key]: v } });
            return (
              <Field key={key} id={id} label={label}>
                {accepted ? (
                  <Select
                    id={id}
                    value={edits.amounts[key] ?? String(l.insuranceAmount)}
                    options={accepted.map((a) => ({ value: String(a), label: `${a}万元` }))}
                    onChange={set}
                  />
                ) : (
                  <NumberInput id={id} value={edits.amounts[key] ?? ''} decimal placeholder="不变" onChange={set} />
                )}
              </Field>
            );
          })}
        </div>
      </section>
      <section data-testid="endorse-contact">
        <H5>变更联系方式（不涉及保费）</H5>
        <div className="fb-endorse-amounts">
          {(
            [
              ['name', '联系人'],
              ['phone', '联系电话'],
              ['address', '联系地址'],
              ['email', '电子邮箱'],
            ] as const
          ).map(([field, label]) => (
            <Field key={field} id={`endorse-contact-${field}`} label={label}>
              <TextInput
                id={`endorse-contact-${field}`}
                value={edits.contact[field]}
                placeholder="不变"
                onChange={(v) => onChange({ ...edits, contact: { ...edits.contact, [field]: v } })}
              />
            </Field>
          ))}
        </div>
      </section>
    </div>
  );
};
