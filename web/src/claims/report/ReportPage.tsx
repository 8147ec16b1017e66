/**
 * /platform/report and /touch/report: the claim report. Query: id, create ('true' → create mode),
 * show ('true' → read-only), claimState, from. Modes (docs/api/claims.md "Screens"): editable while the claim is open
 * to its owner (states 1–2, `save` in its actions) or after an admin pressed 编辑; read-only
 * otherwise. Buttons, the parts, the operation log and how 提交 goes render from the server's `actions`.
 */
import { useState } from 'react';
import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { TouchPageBar } from '../../shared/TouchPageBar.tsx';
import { useLoginPrompt, type Variant } from '../../shared/site.ts';
import { OperationLog } from '../admin/OperationLog.tsx';
import { useAdminSubmit } from '../admin/useAdminSubmit.tsx';
import { can, useClaim, type ClaimDetails } from '../api.ts';
import { ClaimProgress } from '../history/ClaimProgress.tsx';
import { claimStateIntent, claimStateLabel, claimStateMinimal } from '../labels.ts';
import { ImagesSection } from '../images/ImagesSection.tsx';
import { BasicsSection } from './BasicsSection.tsx';
import { ReportLook } from './controls.tsx';
import { DronesSection } from './DronesSection.tsx';
import { InjuriesSection } from './InjuriesSection.tsx';
import { LossTypesSection } from './LossTypesSection.tsx';
import { PropertySection } from './PropertySection.tsx';
import { ReportActions } from './ReportActions.tsx';
import type { ReportForm } from './reportForm.ts';
import { reportRights, type ReportRights } from './reportRights.ts';
import { claimListOf, useReportCommands } from './useReportCommands.ts';
import { useReportForm } from './useReportForm.ts';
import './report.css';
import { policyVersionText } from '../policyVersion.ts';

/** Entries that only show a claim (the plan page). */
const readOnlySources = new Set(['plan', 'supportConcept']);

export const ReportPage = ({ variant }: { variant: Variant }) => {
  const { search } = useLocation();
  // Another claim or mode in the query starts the screen afresh.
  return <ReportScreen key={search} variant={variant} />;
};

const ReportScreen = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const [params] = useSearchParams();
  const id = params.get('id');
  const createMode = params.get('create') === 'true';
  const show = params.get('show') === 'true' || readOnlySources.has(params.get('from') ?? '');
  useLoginPrompt(variant);

  const session = useSession();
  const claim = useClaim(id);
  const c = claim.data;
  const rights = reportRights(c?.actions, createMode);
  const { form, builtAtVersion, edit, reset, addDrone, adding, flightData } = useReportForm(c);
  const [editMode, setEditMode] = useState(false);

  const reload = async () => {
    const fresh = await claim.mutate();
    if (fresh) reset(fresh);
  };
  const adminSubmit = useAdminSubmit({
    onDone: () => {
      setEditMode(false);
      void reload();
    },
  });
  const commands = useReportCommands({
    variant,
    claim: c,
    form,
    createMode,
    amendOnSubmit: rights.amendOnSubmit,
    reload,
    adminSubmit: (payload) => adminSubmit.submit(payload, builtAtVersion),
  });

  const openToOwner = !!c && can(c.actions, 'save');
  const readOnly = !c || show || !(editMode || openToOwner);
  const title = '理赔报案';

  const body = !id ? (
    <NonIdealState icon="search" title="缺少理赔单编号" description="请从理赔列表或订单进入。" />
  ) : claim.error && !c ? (
    <NonIdealState
      icon="error"
      title="加载失败"
      description={(claim.error as Error).message}
      action={<Button text="重试" onClick={() => void claim.mutate()} />}
    />
  ) : !c || !form ? (
    <div className="fb-loading-block" aria-busy="true">
      <Spinner size={28} />
      <div>{session ? '正在加载理赔信息…' : '请先登录'}</div>
    </div>
  ) : (
    <ReportBody
      variant={variant}
      claim={c}
      form={form}
      edit={edit}
      readOnly={readOnly}
      editMode={editMode}
      rights={rights}
      show={show}
      addDrone={addDrone}
      adding={adding}
      flightData={flightData}
      onImagesChanged={() => void claim.mutate()}
    />
  );

  const actions = c && form && (
    <ReportActions
      variant={variant}
      busy={commands.busy}
      showEdit={!show && readOnly && can(c.actions, 'edit')}
      showSave={!readOnly && can(c.actions, 'save')}
      showSubmit={!readOnly && can(c.actions, 'submit')}
      onBack={commands.back}
      onEdit={() => setEditMode(true)}
      onSave={commands.save}
      onSubmit={commands.submit}
    />
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-report fb-report-mobile" data-testid="report-page">
        <TouchPageBar title={title} fallback={claimListOf(variant)} onBack={commands.back} />
        {body}
        {actions}
        {adminSubmit.dialog}
      </div>
    );
  return (
    <div className="fb-page fb-report fb-report-desktop" data-testid="report-page">
      <h1 className="fb-page-title">{title}</h1>
      {body}
      {actions}
      {adminSubmit.dialog}
    </div>
  );
};

type BodyProps = {
  variant: Variant;
  claim: ClaimDetails;
  form: ReportForm;
  edit: (fn: (f: ReportForm) => ReportForm) => void;
  readOnly: boolean;
  editMode: boolean;
  rights: ReportRights;
  show: boolean;
  addDrone: (code: string) => Promise<string | null>;
  adding: boolean;
  flightData: Parameters<typeof DronesSection>[0]['flightData'];
  onImagesChanged: () => void;
};

const ReportBody = (p: BodyProps) => {
  const { variant, claim: c, form, edit } = p;
  const mobile = variant === 'mobile';
  const section = { form, edit, variant };
  const head = (
    <div className="fb-report-head" data-testid="report-head">
      <div className="fb-row-between">
        <span>
          理赔单号 <Tag minimal>{c.claimSettlementNo}</Tag>
        </span>
        <Tag
          intent={claimStateIntent(c.claimState)}
          minimal={claimStateMinimal(c.claimState)}
          data-testid="report-state"
        >
          {claimStateLabel(c.claimState)}
        </Tag>
      </div>
      {c.evidenceRequest && (
        <Callout
          intent="warning"
          icon="paperclip"
          title="补充材料"
          className="fb-report-evidence"
          data-testid="report-evidence-request"
        >
          {c.evidenceRequest.message}
        </Callout>
      )}
      {p.editMode ? (
        <Callout intent="warning" compact data-testid="report-mode">
          编辑模式：提交前需为每项修改填写说明。
        </Callout>
      ) : (
        p.readOnly && (
          <Callout intent="primary" compact data-testid="report-mode">
            只读：当前理赔单不可编辑。
          </Callout>
        )
      )}
    </div>
  );
  const sections = (
    <ReportLook.Provider value={{ large: mobile, readOnly: p.readOnly }}>
      <fieldset className={`fb-report-form fb-report-form-${variant}`} aria-label="理赔信息">
        <BasicsSection {...section} policyNo={c.policyNo} policyVersion={policyVersionText(c)} now={new Date()} />
        <LossTypesSection {...section} />
        <DronesSection
          {...section}
          insuredDeviceNumbers={c.insuredDeviceNumbers}
          flightData={p.flightData}
          addDrone={p.addDrone}
          adding={p.adding}
          showParts={p.rights.parts}
        />
        <InjuriesSection {...section} />
        <PropertySection {...section} />
      </fieldset>
    </ReportLook.Provider>
  );
  const images = (
    <ImagesSection
      claimId={c.id}
      editable={can(c.actions, 'pictures') && !p.show}
      variant={variant}
      evidence={c.evidence}
      onChanged={p.onImagesChanged}
    />
  );
  const log = p.rights.log && <OperationLog claimId={c.id} variant={variant} />;

  if (mobile)
    return (
      <>
        <div className="fb-m-card">{head}</div>
        <div className="fb-report-progress" data-testid="report-progress">
          <ClaimProgress claim={c} variant={variant} />
        </div>
        <div className="fb-m-card">{sections}</div>
        <div className="fb-m-card">{images}</div>
        {log && <div className="fb-m-card">{log}</div>}
      </>
    );
  return (
    <>
      {head}
      <div className="fb-report-progress" data-testid="report-progress">
        <ClaimProgress claim={c} variant={variant} />
      </div>
      {sections}
      {images}
      {log}
    </>
  );
};
