/**
 * The insure form of seed 000 §2 "Insure form sections": covers, insurers, flight
 * information, drone tabs, pilots, devices, site information and head counts. Every
 * edit goes through applyRules, so the automatic rules of §4 show as the user types.
 * Read-only (show=true, the plan page) disables every control.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, Radio, RadioGroup, Tab, Tabs, Tag } from '@blueprintjs/core';
import {
  CoverId,
  CoverKind,
  EDUCATION_FIELD,
  EXCLUSIVE_MAIN_COVER_ID,
  MULTIROTOR,
  OTHER,
  applicationFields,
  dataPlatforms,
  deviceNames,
  driveTypes,
  droneTypes,
  facilities,
  flyTypes,
  guaranteeTermName,
  guaranteeTerms,
  pilotLevels,
  rotorCounts,
  selfRescuePlans,
  siteRelations,
  siteTypes,
  sumInsuredOptions,
  takeoffMethods,
  taskModes,
  terrains,
  windResistances,
  type InsuranceType,
  type Insurer,
} from '@feibao/domain/ordering/catalogue';
import { EARLIEST_PRODUCTION_DATE, splitDeviceCodes } from '@feibao/domain/ordering/form';
import type { DroneBrand } from '../api/ordering.ts';
import { toast } from '../api/toaster.ts';
import type { FormState, LineState, Rec } from './formState.ts';
import { applyRules, newDevice, newDrone, newFacility, newPilot, shanghaiToday, toggleCover } from './formState.ts';
import { InsurerLogo } from './InsurerLogo.tsx';
import type { Variant } from './session.ts';


type Props = {
  value: FormState;
  /** Receives an updater; the result has the automatic rules applied. */
  onChange: (update: (s: FormState) => FormState) => void;
  covers: readonly InsuranceType[];
  insurers: readonly Insurer[];
  brands: readonly DroneBrand[];
  readOnly?: boolean;
  variant: Variant;
};

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const opts = (list: readonly (string | number)[], placeholder = '请选择') => [
  { value: '', label: placeholder },
  ...list.map((v) => ({ value: String(v), label: String(v) })),
];

const Section = ({ title, children, extra, id }: { title: string; children: ReactNode; extra?: ReactNode; id: string }) => (
  <section className="fb-insure-section" aria-labelledby={`sec-${id}`}>
    <div className="fb-insure-section-head">
      <h3 className="fb-form-section" id={`sec-${id}`}>
        {title}
      </h3>
      {extra}
    </div>
    {children}
  </section>
);

const Field = ({ label, id, required, children, wide }: { label: string; id: string; required?: boolean; children: ReactNode; wide?: boolean }) => (
  <FormGroup
    label={label}
    labelFor={id}
    labelInfo={required ? <span className="fb-required">*</span> : undefined}
    className={wide ? 'fb-field fb-field-wide' : 'fb-field'}
  >
    {children}
  </FormGroup>
);

export const InsureForm = ({ value, onChange, covers, insurers, brands, readOnly, variant }: Props) => {
  const mobile = variant === 'mobile';
  const large = mobile;
  const [droneTab, setDroneTab] = useState(0);
  const edit = (fn: (s: FormState) => FormState) => onChange((s) => applyRules(fn(s)));

  const isType1 = value.orderType === 1;
  const selected = new Set(value.insuranceTypeInfoList.map((l) => l.insuranceTypeId));
  const mainCovers = covers.filter((c) => c.type === CoverKind.main || c.type === CoverKind.training);
  const additionalCovers = covers.filter((c) => c.type === CoverKind.additional);
  const exclusive = selected.has(EXCLUSIVE_MAIN_COVER_ID);
  const droneCovers = [...selected].some((id) => covers.find((c) => c.id === id)?.groupCode === 1);
  const showDrones = !isType1 || droneCovers;
  const showStaff = selected.has(CoverId.staffAccident);
  const showStudents = selected.has(CoverId.studentAccident) || selected.has(CoverId.trainingLiability);
  const showSite = selected.has(CoverId.siteLiability);

  // ---- small controls -------------------------------------------------------
  const text = (id: string, val: unknown, set: (v: string) => void, o: { placeholder?: string; type?: string; min?: string; max?: string; disabled?: boolean; inputMode?: 'numeric' | 'decimal'; maxLength?: number } = {}) => (
    <InputGroup
      id={id}
      size={large ? 'large' : undefined}
      value={str(val)}
      type={o.type}
      min={o.min}
      max={o.max}
      step={o.type === 'number' ? 'any' : undefined}
      inputMode={o.inputMode}
      maxLength={o.maxLength ?? 100}
      placeholder={o.placeholder ?? ''}
      disabled={o.disabled}
      onChange={(e) => set(e.target.value)}
    />
  );
  const select = (id: string, val: unknown, options: { value: string; label: string }[], set: (v: string) => void, disabled?: boolean) => (
    <HTMLSelect id={id} fill large={large} value={str(val)} options={options} disabled={disabled} onChange={(e) => set(e.currentTarget.value)} />
  );
  const yesNo = (name: string, val: unknown, set: (v: string) => void, labels: [string, string] = ['是', '否'], disabled?: boolean) => (
    <RadioGroup inline name={name} selectedValue={str(val)} onChange={(e) => set(e.currentTarget.value)} disabled={disabled}>
      <Radio value="1" label={labels[0]} large={large} />
      <Radio value="0" label={labels[1]} large={large} />
    </RadioGroup>
  );

  // ---- setters ----------------------------------------------------------------
  const setTop = (key: keyof FormState, v: unknown) => edit((s) => ({ ...s, [key]: v }));
  const setFlying = (key: string, v: unknown) => edit((s) => ({ ...s, flyingInfo: { ...s.flyingInfo, [key]: v } }));
  const setSite = (key: string, v: unknown) => edit((s) => ({ ...s, siteInfo: { ...s.siteInfo, [key]: v } }));
  const setLine = (coverId: number, key: string, v: unknown) =>
    edit((s) => ({
      ...s,
      insuranceTypeInfoList: s.insuranceTypeInfoList.map((l) => (l.insuranceTypeId === coverId ? { ...l, [key]: v } : l)),
    }));
  type ListKey = 'uavInfoList' | 'uavDriverInfoList' | 'deviceInfoList';
  const setItem = (list: ListKey, i: number, patch: Rec) =>
    edit((s) => ({ ...s, [list]: s[list].map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const addItem = (list: ListKey, item: Rec) => edit((s) => ({ ...s, [list]: [...s[list], item] }));
  const removeItem = (list: ListKey, i: number) => edit((s) => ({ ...s, [list]: s[list].filter((_, j) => j !== i) }));
  const setFacility = (i: number, patch: Rec) =>
    edit((s) => ({
      ...s,
      siteInfo: { ...s.siteInfo, siteFacilitiesInfoList: s.siteInfo.siteFacilitiesInfoList.map((f, j) => (j === i ? { ...f, ...patch } : f)) },
    }));

  const toggle = (coverId: number, checked: boolean) =>
    onChange((s) => {
      const r = toggleCover(s, coverId, checked, covers);
      if (r.warning) setTimeout(() => toast.warning(r.warning!), 0);
      return r.state;
    });

  const toggleInsurer = (insurer: Insurer, checked: boolean) =>
    edit((s) => ({
      ...s,
      insuranceCompanyList: checked
        ? [...s.insuranceCompanyList.filter((c) => c.id !== insurer.id), { id: insurer.id, name: insurer.name }]
        : s.insuranceCompanyList.filter((c) => c.id !== insurer.id),
    }));

  // ---- sections ---------------------------------------------------------------
  const coverCheckbox = (c: InsuranceType) => {
    const disabled = readOnly || (exclusive && c.type === CoverKind.main && c.id !== EXCLUSIVE_MAIN_COVER_ID);
    return (
      <div key={c.id} className={selected.has(c.id) ? 'fb-cover fb-cover-on' : 'fb-cover'}>
        <Checkbox
          checked={selected.has(c.id)}
          disabled={disabled}
          large={large}
          labelElement={<strong>{c.name}</strong>}
          onChange={(e) => toggle(c.id, e.currentTarget.checked)}
        />
        <div className="fb-cover-remark fb-muted">{c.remark}</div>
      </div>
    );
  };

  const termOptions = (line: LineState) => {
    if (!isType1) return guaranteeTerms.general;
    return line.insuranceTypeId === CoverId.studentAccident ? guaranteeTerms.studentAccident : guaranteeTerms.training;
  };

  const amountCell = (line: LineState) => {
    const id = line.insuranceTypeId;
    const options = sumInsuredOptions[id];
    if (id === CoverId.trainingLiability)
      return select(`line-${id}-amount`, line.insuranceAmount, [
        { value: '0', label: '标准版' },
        { value: '1', label: '尊享版' },
      ], (v) => setLine(id, 'insuranceAmount', v), readOnly);
    if (options)
      return select(`line-${id}-amount`, line.insuranceAmount, opts(options.map(String), '请选择保额'), (v) => setLine(id, 'insuranceAmount', v), readOnly);
    return (
      <span className="fb-derived" id={`line-${id}-amount`} title="按无人机数量×购价自动计算">
        {str(line.insuranceAmount) || '0'}
      </span>
    );
  };

  const termCell = (line: LineState) => {
    const options = termOptions(line);
    if (options.length === 1) return <span>{guaranteeTermName(options[0]!)}</span>;
    return (
      <HTMLSelect
        id={`line-${line.insuranceTypeId}-term`}
        large={large}
        value={str(line.guaranteeTerm)}
        disabled={readOnly}
        options={[
          ...(line.guaranteeTerm === undefined || line.guaranteeTerm === '' ? [{ value: '', label: '请选择期限' }] : []),
          ...options.map((d) => ({ value: String(d), label: guaranteeTermName(d) })),
        ]}
        onChange={(e) => setLine(line.insuranceTypeId, 'guaranteeTerm', e.currentTarget.value)}
      />
    );
  };

  const linesTable = value.insuranceTypeInfoList.length > 0 && (
    <div className="fb-lines" aria-label="投保险种">
      {mobile ? (
        value.insuranceTypeInfoList.map((line) => (
          <div key={line.insuranceTypeId} className="fb-line-card" data-cover={line.insuranceTypeId}>
            <div className="fb-line-card-head">
              <strong>{str(line.insuranceTypeName)}</strong>
              {!readOnly && <Button variant="minimal" size="small" icon="cross" aria-label={`移除${str(line.insuranceTypeName)}`} onClick={() => toggle(line.insuranceTypeId, false)} />}
            </div>
            <Field label="保额（万元）" id={`line-${line.insuranceTypeId}-amount`}>{amountCell(line)}</Field>
            <Field label="保障期限" id={`line-${line.insuranceTypeId}-term`}>{termCell(line)}</Field>
            <div className="fb-line-card-meta">
              <span>免赔：{str(line.notCompensation) || '—'}</span>
              {str(line.remark) && <span>说明：{str(line.remark)}</span>}
            </div>
          </div>
        ))
      ) : (
        <HTMLTable compact striped className="fb-table fb-lines-table">
          <thead>
            <tr>
              <th>险种</th>
              <th>保额（万元）</th>
              <th>免赔</th>
              <th>保障期限</th>
              <th>说明</th>
              {!readOnly && <th aria-label="操作" />}
            </tr>
          </thead>
          <tbody>
            {value.insuranceTypeInfoList.map((line) => (
              <tr key={line.insuranceTypeId} data-cover={line.insuranceTypeId}>
                <td>{str(line.insuranceTypeName)}</td>
                <td>{amountCell(line)}</td>
                <td className="fb-deductible">{str(line.notCompensation) || '—'}</td>
                <td>{termCell(line)}</td>
                <td className="fb-muted">{str(line.remark)}</td>
                {!readOnly && (
                  <td>
                    <Button variant="minimal" size="small" icon="cross" aria-label={`移除${str(line.insuranceTypeName)}`} onClick={() => toggle(line.insuranceTypeId, false)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );

  const flying = value.flyingInfo;
  const educationLocked = flying.applicationField === EDUCATION_FIELD;

  const droneFields = (d: Rec, i: number) => {
    const p = `drone-${i}`;
    const codes = splitDeviceCodes(str(d.deviceNumber));
    const brand = brands.find((b) => b.name === str(d.manufacturer));
    const models = brand?.children.map((c) => c.name) ?? [];
    const modelOptions = str(d.model) && !models.includes(str(d.model)) ? [...models, str(d.model)] : models;
    const set = (patch: Rec) => setItem('uavInfoList', i, patch);
    return (
      <div className="fb-form-grid">
        <Field label="无人机名称" id={`${p}-name`}>{text(`${p}-name`, d.name, (v) => set({ name: v }), { maxLength: 50 })}</Field>
        <Field label="设备编号（多个用逗号分隔）" id={`${p}-deviceNumber`} wide>
          {text(`${p}-deviceNumber`, d.deviceNumber, (v) => set({ deviceNumber: v }), { placeholder: '如 SN001,SN002', maxLength: 10_000 })}
        </Field>
        <Field label="数量（架）" id={`${p}-quantity`} required={isType1}>
          {text(`${p}-quantity`, d.quantity, (v) => set({ quantity: v }), { type: 'number', min: '0', inputMode: 'numeric', disabled: codes.length > 0 })}
        </Field>
        <Field label="购价（元/架）" id={`${p}-price`} required>
          {text(`${p}-price`, d.price, (v) => set({ price: v }), { type: 'number', min: '0', inputMode: 'decimal' })}
        </Field>
        <Field label="品牌/厂商" id={`${p}-manufacturer`}>
          {select(`${p}-manufacturer`, d.manufacturer, opts([...brands.map((b) => b.name), ...(str(d.manufacturer) && !brand ? [str(d.manufacturer)] : [])], '请选择品牌'), (v) => set({ manufacturer: v, model: '' }))}
        </Field>
        <Field label="型号" id={`${p}-model`}>
          {select(`${p}-model`, d.model, opts(modelOptions, str(d.manufacturer) ? '请选择型号' : '请先选择品牌'), (v) => set({ model: v }), !str(d.manufacturer))}
        </Field>
        <Field label="生产日期" id={`${p}-productionYear`}>
          {text(`${p}-productionYear`, d.productionYear, (v) => set({ productionYear: v }), { type: 'date', min: EARLIEST_PRODUCTION_DATE, max: shanghaiToday() })}
        </Field>
        <Field label="无人机类型" id={`${p}-deviceType`}>{select(`${p}-deviceType`, d.deviceType, opts(droneTypes), (v) => set({ deviceType: v }))}</Field>
        <Field label="旋翼数量" id={`${p}-rotorCount`}>
          {select(`${p}-rotorCount`, d.rotorCount, opts(rotorCounts), (v) => set({ rotorCount: v }), d.deviceType !== MULTIROTOR)}
        </Field>
        <Field label="驱动方式" id={`${p}-driveType`}>{select(`${p}-driveType`, d.driveType, opts(driveTypes), (v) => set({ driveType: v }))}</Field>
        <Field label="飞行方式" id={`${p}-flyType`}>{select(`${p}-flyType`, d.flyType, opts(flyTypes), (v) => set({ flyType: v }))}</Field>
        <Field label="最大起飞重量（kg）" id={`${p}-maxFlyingWeight`} required={isType1 && selected.has(CoverId.liability)}>
          {text(`${p}-maxFlyingWeight`, d.maxFlyingWeight, (v) => set({ maxFlyingWeight: v }), { type: 'number', min: '0', inputMode: 'decimal' })}
        </Field>
        <Field label="有效载重（kg）" id={`${p}-effectiveLoadWeight`}>
          {text(`${p}-effectiveLoadWeight`, d.effectiveLoadWeight, (v) => set({ effectiveLoadWeight: v }), { type: 'number', min: '0', inputMode: 'decimal' })}
        </Field>
        <Field label="抗风等级" id={`${p}-windResistance`}>{select(`${p}-windResistance`, d.windResistance, opts(windResistances), (v) => set({ windResistance: v }))}</Field>
        <Field label="自救方案" id={`${p}-selfRescuePlan`}>{select(`${p}-selfRescuePlan`, d.selfRescuePlan, opts(selfRescuePlans), (v) => set({ selfRescuePlan: v }))}</Field>
        {d.selfRescuePlan === OTHER && (
          <Field label="自救方案说明" id={`${p}-selfRescuePlanRemark`}>
            {text(`${p}-selfRescuePlanRemark`, d.selfRescuePlanRemark, (v) => set({ selfRescuePlanRemark: v }), { maxLength: 200 })}
          </Field>
        )}
        <Field label="实时飞行数据" id={`${p}-realTimeFlightData`}>
          {yesNo(`${p}-realTimeFlightData`, d.realTimeFlightData, (v) => set({ realTimeFlightData: v }), ['有', '无'], readOnly)}
        </Field>
        <Field label="数据平台" id={`${p}-dataPlatform`}>
          {select(`${p}-dataPlatform`, d.dataPlatform, opts(dataPlatforms), (v) => set({ dataPlatform: v }), str(d.realTimeFlightData) !== '1')}
        </Field>
        {d.dataPlatform === OTHER && (
          <Field label="数据平台说明" id={`${p}-dataPlatformRemark`}>
            {text(`${p}-dataPlatformRemark`, d.dataPlatformRemark, (v) => set({ dataPlatformRemark: v }), { maxLength: 200 })}
          </Field>
        )}
        <Field label="飞控系统" id={`${p}-flightControlSystem`}>{text(`${p}-flightControlSystem`, d.flightControlSystem, (v) => set({ flightControlSystem: v }))}</Field>
        <Field label="使用寿命（年）" id={`${p}-usefulLife`}>
          {text(`${p}-usefulLife`, d.usefulLife, (v) => set({ usefulLife: v }), { type: 'number', min: '0', inputMode: 'decimal' })}
        </Field>
        <Field label="动力系统寿命（年）" id={`${p}-dynamicalSystemUsefulLife`}>
          {text(`${p}-dynamicalSystemUsefulLife`, d.dynamicalSystemUsefulLife, (v) => set({ dynamicalSystemUsefulLife: v }), { type: 'number', min: '0', inputMode: 'decimal' })}
        </Field>
      </div>
    );
  };

  const drones = value.uavInfoList;
  const currentTab = Math.min(droneTab, Math.max(0, drones.length - 1));
  const totalCodes = drones.flatMap((d) => splitDeviceCodes(str(d.deviceNumber)));

  return (
    <fieldset className={`fb-insure-form fb-insure-${variant}`} disabled={readOnly} aria-label="投保信息">
      <Section id="main" title={isType1 ? '投保险种' : '主险'}>
        <div className="fb-covers">{mainCovers.map(coverCheckbox)}</div>
        {exclusive && <p className="fb-muted fb-hint">已选择无人机综合险，其他主险不可同时选择。</p>}
      </Section>

      {additionalCovers.length > 0 && (
        <Section id="additional" title="附加险">
          <div className="fb-covers">{additionalCovers.map(coverCheckbox)}</div>
        </Section>
      )}

      <Section id="lines" title="险种明细">
        {linesTable || <p className="fb-muted">请先选择险种。</p>}
      </Section>

      {!isType1 && (
        <Section id="insurers" title="投保公司">
          <div className="fb-insurers">
            {insurers.map((i) => (
              <label key={i.id} className={value.insuranceCompanyList.some((c) => c.id === i.id) ? 'fb-insurer fb-insurer-on' : 'fb-insurer'}>
                <Checkbox
                  checked={value.insuranceCompanyList.some((c) => c.id === i.id)}
                  large={large}
                  aria-label={i.name}
                  onChange={(e) => toggleInsurer(i, e.currentTarget.checked)}
                />
                <InsurerLogo insurer={i} />
              </label>
            ))}
          </div>
        </Section>
      )}

      <Section id="flying" title="飞行信息">
        <div className="fb-form-grid">
          <Field label="应用行业" id="flying-applicationField" required>
            {select('flying-applicationField', flying.applicationField, opts(applicationFields, '请点击选择应用行业'), (v) => setFlying('applicationField', v))}
          </Field>
          {flying.applicationField === OTHER && (
            <Field label="应用行业说明" id="flying-applicationFieldRemark" required>
              {text('flying-applicationFieldRemark', flying.applicationFieldRemark, (v) => setFlying('applicationFieldRemark', v), { placeholder: '请输入应用行业' })}
            </Field>
          )}
          <Field label="主要地形" id="flying-mainTerrain">
            {select('flying-mainTerrain', flying.mainTerrain, opts(terrains), (v) => setFlying('mainTerrain', v), educationLocked)}
          </Field>
          <Field label="起降方式" id="flying-landingAndTakeoffMethods">
            {select('flying-landingAndTakeoffMethods', flying.landingAndTakeoffMethods, opts(takeoffMethods), (v) => setFlying('landingAndTakeoffMethods', v), educationLocked)}
          </Field>
          <Field label="作业模式" id="flying-taskMode">
            {select('flying-taskMode', flying.taskMode, opts(taskModes), (v) => setFlying('taskMode', v), educationLocked)}
          </Field>
          <Field label="上次投保日期" id="flying-lastInsuranceDate">
            {text('flying-lastInsuranceDate', flying.lastInsuranceDate, (v) => setFlying('lastInsuranceDate', v), { type: 'date', min: EARLIEST_PRODUCTION_DATE, max: shanghaiToday() })}
          </Field>
          <Field label="起保日期" id="f-startDate">
            {text('f-startDate', value.startDate, (v) => setTop('startDate', v), { type: 'date', min: shanghaiToday() })}
          </Field>
          {isType1 && (
            <Field label="教练是否同步控制" id="flying-synchronization" required={selected.has(CoverId.hull)}>
              {yesNo('flying-synchronization', flying.synchronization, (v) => setFlying('synchronization', v), ['是', '否'], readOnly)}
            </Field>
          )}
        </div>
      </Section>

      {showDrones && (
        <Section
          id="drones"
          title="无人机信息"
          extra={
            <span className="fb-muted fb-section-note">
              共 {drones.length} 组 · 设备编号 {totalCodes.length} 个
            </span>
          }
        >
          <Tabs
            id="drone-tabs"
            selectedTabId={currentTab}
            onChange={(t) => setDroneTab(Number(t))}
            className="fb-drone-tabs"
            renderActiveTabPanelOnly
          >
            {drones.map((d, i) => (
              <Tab
                key={i}
                id={i}
                title={str(d.name) || `无人机${i + 1}`}
                tagContent={str(d.quantity) || undefined}
                panel={
                  <div className="fb-drone-panel">
                    {droneFields(d, i)}
                    {!readOnly && drones.length > 1 && (
                      <Button
                        intent="danger"
                        variant="outlined"
                        icon="trash"
                        text="删除此无人机"
                        onClick={() => {
                          removeItem('uavInfoList', i);
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
                addItem('uavInfoList', newDrone());
                setDroneTab(drones.length);
              }}
            />
          )}
        </Section>
      )}

      {(!isType1 || droneCovers) && (
        <Section id="pilots" title="飞手信息">
          {value.uavDriverInfoList.length === 0 && <p className="fb-muted">暂无飞手{selected.has(CoverId.operatorAccident) ? '（附加操作人员意外险需添加飞手）' : ''}。</p>}
          {value.uavDriverInfoList.map((p, i) => (
            <div key={i} className="fb-item-row" data-pilot={i}>
              <div className="fb-form-grid fb-form-grid-4">
                <Field label="姓名" id={`pilot-${i}-name`}>{text(`pilot-${i}-name`, p.name, (v) => setItem('uavDriverInfoList', i, { name: v }), { maxLength: 50 })}</Field>
                <Field label="执照编号" id={`pilot-${i}-licenseNumber`}>{text(`pilot-${i}-licenseNumber`, p.licenseNumber, (v) => setItem('uavDriverInfoList', i, { licenseNumber: v }), { maxLength: 50 })}</Field>
                <Field label="技术等级" id={`pilot-${i}-technicalLevel`}>{select(`pilot-${i}-technicalLevel`, p.technicalLevel, opts(pilotLevels), (v) => setItem('uavDriverInfoList', i, { technicalLevel: v }))}</Field>
                <Field label="飞行小时数" id={`pilot-${i}-operatingHours`}>{text(`pilot-${i}-operatingHours`, p.operatingHours, (v) => setItem('uavDriverInfoList', i, { operatingHours: v }), { type: 'number', min: '0', inputMode: 'numeric' })}</Field>
              </div>
              {!readOnly && <Button variant="minimal" intent="danger" icon="trash" aria-label={`删除飞手${i + 1}`} onClick={() => removeItem('uavDriverInfoList', i)} />}
            </div>
          ))}
          {!readOnly && <Button className="fb-add" icon="add" text="添加飞手" size={large ? 'large' : undefined} onClick={() => addItem('uavDriverInfoList', newPilot())} />}
        </Section>
      )}

      {!isType1 && (
        <Section id="devices" title="设备信息">
          {value.deviceInfoList.length === 0 && <p className="fb-muted">暂无挂载设备。</p>}
          {value.deviceInfoList.map((d, i) => (
            <div key={i} className="fb-item-row" data-device={i}>
              <div className="fb-form-grid fb-form-grid-4">
                <Field label="设备名称" id={`device-${i}-name`}>{select(`device-${i}-name`, d.name, opts(deviceNames), (v) => setItem('deviceInfoList', i, { name: v }))}</Field>
                {d.name === OTHER && (
                  <Field label="设备名称说明" id={`device-${i}-nameRemark`}>{text(`device-${i}-nameRemark`, d.nameRemark, (v) => setItem('deviceInfoList', i, { nameRemark: v }))}</Field>
                )}
                <Field label="厂商" id={`device-${i}-manufacturer`}>{text(`device-${i}-manufacturer`, d.manufacturer, (v) => setItem('deviceInfoList', i, { manufacturer: v }), { maxLength: 50 })}</Field>
                <Field label="型号" id={`device-${i}-model`}>{text(`device-${i}-model`, d.model ?? d.mode, (v) => setItem('deviceInfoList', i, { model: v }), { maxLength: 50 })}</Field>
                <Field label="价格（元）" id={`device-${i}-price`}>{text(`device-${i}-price`, d.price, (v) => setItem('deviceInfoList', i, { price: v }), { type: 'number', min: '0', inputMode: 'decimal' })}</Field>
              </div>
              {!readOnly && <Button variant="minimal" intent="danger" icon="trash" aria-label={`删除设备${i + 1}`} onClick={() => removeItem('deviceInfoList', i)} />}
            </div>
          ))}
          {!readOnly && <Button className="fb-add" icon="add" text="添加设备" size={large ? 'large' : undefined} onClick={() => addItem('deviceInfoList', newDevice())} />}
        </Section>
      )}

      {(showStaff || showStudents) && (
        <Section id="people" title="人员信息">
          <div className="fb-form-grid">
            {showStaff && (
              <Field label="员工人数" id="f-staffCount" required>
                {text('f-staffCount', value.staffCount, (v) => setTop('staffCount', v), { type: 'number', min: '0', inputMode: 'numeric' })}
              </Field>
            )}
            {showStudents && (
              <Field label="学员人数" id="f-studentCount" required={selected.has(CoverId.studentAccident)}>
                {text('f-studentCount', value.studentCount, (v) => setTop('studentCount', v), { type: 'number', min: '0', inputMode: 'numeric' })}
              </Field>
            )}
          </div>
        </Section>
      )}

      {showSite && (
        <Section id="site" title="场地信息">
          <div className="fb-form-grid">
            <Field label="投保场地" id="site-insureSite" wide>{text('site-insureSite', value.siteInfo.insureSite, (v) => setSite('insureSite', v), { maxLength: 200 })}</Field>
            <Field label="场地面积（㎡）" id="site-siteSize" required>
              {text('site-siteSize', value.siteInfo.siteSize, (v) => setSite('siteSize', v), { type: 'number', min: '0', inputMode: 'decimal' })}
            </Field>
            <Field label="场地关系" id="site-siteIdentity">{select('site-siteIdentity', value.siteInfo.siteIdentity, opts(siteRelations), (v) => setSite('siteIdentity', v))}</Field>
            <Field label="场地类型" id="site-siteType">{select('site-siteType', value.siteInfo.siteType, opts(siteTypes), (v) => setSite('siteType', v))}</Field>
            {value.siteInfo.siteType === OTHER && (
              <Field label="场地类型说明" id="site-siteTypeRemark">{text('site-siteTypeRemark', value.siteInfo.siteTypeRemark, (v) => setSite('siteTypeRemark', v))}</Field>
            )}
            <Field label="是否有第三方进入" id="site-thirdPartyEnter">{yesNo('site-thirdPartyEnter', value.siteInfo.thirdPartyEnter, (v) => setSite('thirdPartyEnter', v), ['是', '否'], readOnly)}</Field>
            <Field label="是否有第三方经营" id="site-thirdPartyOperate">{yesNo('site-thirdPartyOperate', value.siteInfo.thirdPartyOperate, (v) => setSite('thirdPartyOperate', v), ['是', '否'], readOnly)}</Field>
            {str(value.siteInfo.thirdPartyOperate) === '1' && (
              <Field label="第三方经营说明" id="site-thirdPartyOperateRemark">{text('site-thirdPartyOperateRemark', value.siteInfo.thirdPartyOperateRemark, (v) => setSite('thirdPartyOperateRemark', v), { maxLength: 200 })}</Field>
            )}
            <Field label="是否有历史事故" id="site-historyAccident">{yesNo('site-historyAccident', value.siteInfo.historyAccident, (v) => setSite('historyAccident', v), ['是', '否'], readOnly)}</Field>
            {str(value.siteInfo.historyAccident) === '1' && (
              <Field label="历史事故金额（元）" id="site-historyAccidentPrice">
                {text('site-historyAccidentPrice', value.siteInfo.historyAccidentPrice, (v) => setSite('historyAccidentPrice', v), { type: 'number', min: '0', inputMode: 'decimal' })}
              </Field>
            )}
          </div>
          <h4 className="fb-subhead">场地设施</h4>
          {value.siteInfo.siteFacilitiesInfoList.length === 0 && <p className="fb-muted">暂无场地设施。</p>}
          {value.siteInfo.siteFacilitiesInfoList.map((f, i) => (
            <div key={i} className="fb-item-row" data-facility={i}>
              <div className="fb-form-grid fb-form-grid-4">
                <Field label="设施" id={`facility-${i}-name`}>{select(`facility-${i}-name`, f.name, opts(facilities), (v) => setFacility(i, { name: v }))}</Field>
                {f.name === OTHER && (
                  <Field label="设施说明" id={`facility-${i}-nameRemark`}>{text(`facility-${i}-nameRemark`, f.nameRemark, (v) => setFacility(i, { nameRemark: v }))}</Field>
                )}
                <Field label="数量" id={`facility-${i}-count`}>{text(`facility-${i}-count`, f.count, (v) => setFacility(i, { count: v }), { type: 'number', min: '0', inputMode: 'numeric' })}</Field>
              </div>
              {!readOnly && (
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={`删除设施${i + 1}`}
                  onClick={() => edit((s) => ({ ...s, siteInfo: { ...s.siteInfo, siteFacilitiesInfoList: s.siteInfo.siteFacilitiesInfoList.filter((_, j) => j !== i) } }))}
                />
              )}
            </div>
          ))}
          {!readOnly && (
            <Button
              className="fb-add"
              icon="add"
              text="添加设施"
              size={large ? 'large' : undefined}
              onClick={() => edit((s) => ({ ...s, siteInfo: { ...s.siteInfo, siteFacilitiesInfoList: [...s.siteInfo.siteFacilitiesInfoList, newFacility()] } }))}
            />
          )}
        </Section>
      )}
      {readOnly && value.orderNo && (
        <p className="fb-muted">
          订单号 <Tag minimal>{value.orderNo}</Tag>
        </p>
      )}
    </fieldset>
  );
};
