/**
 * 运维控制台 (/backoffice/ops, admin): projections, queues, processes and the record of what operators
 * did here. The tab and the chosen queue live in the address so a reload or a shared link keeps them.
 */
import type { ReactElement } from 'react';
import { Tab, Tabs } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { type OpsTab, opsTabOf, opsTabs } from './ops.ts';
import { ProcessesPanel } from './ProcessesPanel.tsx';
import { ProjectionsPanel } from './ProjectionsPanel.tsx';
import { QueuesPanel } from './QueuesPanel.tsx';
import './ops.css';

export const OpsPage = () => (
  <BackofficeFrame area="ops" testId="ops-console">
    <OpsConsole />
  </BackofficeFrame>
);

const OpsConsole = () => {
  const [params, setParams] = useSearchParams();
  const tab = opsTabOf(params.get('tab'));
  const update = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch });
  const panels: Record<OpsTab, ReactElement> = {
    projections: <ProjectionsPanel />,
    queues: <QueuesPanel queue={params.get('queue')} onQueue={(queue) => update({ queue })} />,
    processes: <ProcessesPanel />,
    audit: <AuditPanel />,
  };
  return (
    <>
      <h1 className="fb-page-title">运维控制台</h1>
      <Tabs
        id="ops-tabs"
        selectedTabId={tab}
        onChange={(key) => setParams({ tab: String(key) })}
        large
        renderActiveTabPanelOnly
      >
        {opsTabs.map((t) => (
          <Tab
            key={t.key}
            id={t.key}
            title={t.label}
            data-testid={`ops-tab-${t.key}`}
            panel={<div className="fb-ops-panel">{panels[t.key]}</div>}
          />
        ))}
      </Tabs>
    </>
  );
};
