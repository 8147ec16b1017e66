/**
 * 无人机损失信息: one tab per damaged drone. A drone is added by choosing one of the policy's
 * device codes (the tab fills from getSettlementUavInfo); removing a tab rewrites the device list.
 */
import { useState } from 'react';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import type { DroneWithFlightData } from '../api.ts';
import { CodeList, Field, ReportSection, Select, patchRow, useLook, type SectionProps } from './controls.tsx';
import { DroneFields, FlightSummary } from './DroneFields.tsx';
import { PartsTable } from './PartsTable.tsx';
import { applyDroneRules, availableDeviceCodes, deviceNumberOf, removeDrone, type DroneTab } from './reportForm.ts';

type Props = SectionProps & {
  insuredDeviceNumbers: readonly string[];
  flightData: Readonly<Record<string, DroneWithFlightData['flightData']>>;
  addDrone: (code: string) => Promise<string | null>;
  adding: boolean;
  /** Admins amend parts once the claim exists. */
  showParts: boolean;
};

export const DronesSection = ({ form, edit, insuredDeviceNumbers, flightData, addDrone, adding, showParts }: Props) => {
  const { readOnly, large } = useLook();
  const [selected, setSelected] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const free = availableDeviceCodes(form, insuredDeviceNumbers);
  const current = form.drones.find((d) => d.key === selected) ?? form.drones[0];
  const codes = deviceNumberOf(form.drones).split(',').filter(Boolean);

  const setDrone = (key: string, patch: Partial<DroneTab>) =>
    edit((f) => ({
      ...f,
      drones: patchRow(f.drones, key, patch).map((d) => (d.key === key ? applyDroneRules(d) : d)),
    }));
  const add = async () => {
    if (!code) return;
    const key = await addDrone(code);
    if (key) {
      setSelected(key);
      setCode('');
    }
  };

  const picker = !readOnly && (
    <div className="fb-report-add-drone" data-testid="drone-add">
      <Field label="添加受损无人机（按设备编号）" id="report-add-drone">
        <Select
          id="report-add-drone"
          value={code}
          options={[
            { value: '', label: free.length ? '请选择设备编号' : '保单无人机已全部添加' },
            ...free.map((c) => ({ value: c, label: c })),
          ]}
          disabled={free.length === 0}
          onChange={setCode}
        />
      </Field>
      <Button
        icon="add"
        text="添加"
        size={large ? 'large' : undefined}
        disabled={!code}
        loading={adding}
        data-testid="drone-add-button"
        onClick={() => void add()}
      />
    </div>
  );

  return (
    <ReportSection title="无人机损失信息" testId="report-drones">
      <div className="fb-report-device-list">
        <span className="fb-muted">设备编号：</span>
        <CodeList codes={codes} />
      </div>
      {picker}
      {form.drones.length === 0 ? (
        <NonIdealState icon="airplane" description="暂无受损无人机" />
      ) : (
        <Tabs
          id="report-drone-tabs"
          className="fb-drone-tabs"
          selectedTabId={current?.key}
          onChange={(id) => setSelected(String(id))}
          renderActiveTabPanelOnly
        >
          {form.drones.map((d) => (
            <Tab
              key={d.key}
              id={d.key}
              title={d.deviceNumber || '未命名'}
              data-testid={`drone-tab-${d.deviceNumber}`}
              panel={
                <div className="fb-drone-panel" data-testid={`drone-panel-${d.deviceNumber}`}>
                  <div className="fb-row-between">
                    <strong>设备编号 {d.deviceNumber}</strong>
                    {!readOnly && (
                      <Button
                        variant="minimal"
                        intent="danger"
                        icon="trash"
                        text="移除该无人机"
                        data-testid="drone-remove"
                        onClick={() => edit((f) => removeDrone(f, d.key))}
                      />
                    )}
                  </div>
                  <FlightSummary data={flightData[d.deviceNumber]} />
                  <DroneFields drone={d} set={(patch) => setDrone(d.key, patch)} />
                  {showParts && (
                    <PartsTable
                      droneKey={d.deviceNumber || d.key}
                      parts={d.partInfoList}
                      onChange={(fn) =>
                        edit((f) => ({
                          ...f,
                          drones: f.drones.map((x) =>
                            x.key === d.key ? { ...x, partInfoList: fn(x.partInfoList) } : x,
                          ),
                        }))
                      }
                    />
                  )}
                </div>
              }
            />
          ))}
        </Tabs>
      )}
    </ReportSection>
  );
};
