import type { ReactNode } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useFrame } from '../frame.ts';
import { useRuleList, useRuleName } from './api.ts';
import {
  awaitingEnable,
  awaitingReview,
  draftedBy,
  formatAt,
  lastStep,
  mayWorkRules,
  reviewComments,
  type RuleVersionSummary,
} from './model.ts';
import { Loaded, RulesScreen, StatusTag } from './Screen.tsx';
import { VersionActions } from './VersionActions.tsx';
import { TableScroll } from '../layout/TableScroll.tsx';

type Column = { title: string; cell: (v: RuleVersionSummary) => ReactNode };

const VersionTable = ({
  versions,
  columns,
  testId,
  empty,
  label,
}: {
  versions: RuleVersionSummary[];
  columns: Column[];
  testId: string;
  empty: string;
  label: string;
}) => {
  const ruleName = useRuleName();
  if (!versions.length)
    return (
      <p className="rp-muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  // A phone scrolls the table inside its card rather than widening the page.
  return (
    <TableScroll label={label}>
      <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid={testId}>
        <thead>
          <tr>
            <th>规则</th>
            <th>版本</th>
            {columns.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr
              key={`${v.ruleId}@${v.version}`}
              data-testid={`${testId}-row`}
              data-rule={v.ruleId}
              data-version={v.version}
            >
              <td>
                {ruleName(v.ruleId)} <span className="rp-muted">{v.ruleId}</span>
              </td>
              <td>版本{v.version}</td>
              {columns.map((c) => (
                <td key={c.title}>{c.cell(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
};

const stepCell = (action: Parameters<typeof lastStep>[1]) => (v: RuleVersionSummary) => {
  const step = lastStep(v, action);
  return step ? `${formatAt(step.at)}：${step.reason}` : '—';
};

/** Roles without rule drafting (test, batchTest) have no applications: the list call is staff-only. */
const NoDrafting = () => (
  <NonIdealState icon="info-sign" title="暂无申请" description="您的角色不能起草或审核规则版本。" />
);

/** 新建申请: the caller's drafts, each to submit for review. */
export const NewApplicationPage = () => {
  const { profile } = useFrame();
  const staff = mayWorkRules(profile.roles);
  const { data, error, mutate } = useRuleList(staff);
  return (
    <RulesScreen route="newApplication" testId="rules-new-application">
      <p className="rp-muted">
        在「新增复合规则」中编辑一个版本（或在「规则列表」中复制为新草稿），在「批量测试」中测试后，在这里提交审核。
      </p>
      {staff ? (
        <Loaded data={data} error={error} retry={() => void mutate()}>
          {(rules) => (
            <VersionTable
              testId="rules-my-drafts"
              label="我的草稿"
              empty="您没有草稿。"
              versions={draftedBy(rules, profile.mobilePhone).filter((v) => v.status === 'draft')}
              columns={[
                { title: '起草时间', cell: (v) => formatAt(v.draftedAt) },
                { title: '修改原因', cell: (v) => v.history[0]?.reason ?? '' },
                {
                  title: '操作',
                  cell: (v) => <VersionActions version={v} onChanged={() => void mutate()} only={['submit']} />,
                },
              ]}
            />
          )}
        </Loaded>
      ) : (
        <NoDrafting />
      )}
    </RulesScreen>
  );
};

/** 我的申请: every version the caller drafted, its status and the reviewers' comments. */
export const MyApplicationPage = () => {
  const { profile } = useFrame();
  const staff = mayWorkRules(profile.roles);
  const { data, error, mutate } = useRuleList(staff);
  return (
    <RulesScreen route="myApplication" testId="rules-my-application">
      {staff ? (
        <Loaded data={data} error={error} retry={() => void mutate()}>
          {(rules) => (
            <VersionTable
              testId="rules-my-versions"
              label="我起草的版本"
              empty="您还没有起草过规则版本。"
              versions={draftedBy(rules, profile.mobilePhone)}
              columns={[
                { title: '状态', cell: (v) => <StatusTag status={v.status} /> },
                { title: '起草时间', cell: (v) => formatAt(v.draftedAt) },
                { title: '提交', cell: stepCell('RuleVersionSubmitted') },
                {
                  title: '审核意见',
                  cell: (v) =>
                    reviewComments(v).map((s) => (
                      <div key={s.at}>
                        {s.action === 'RuleVersionApproved' ? '通过' : '驳回'}（{s.by}，{formatAt(s.at)}）：{s.reason}
                      </div>
                    )),
                },
              ]}
            />
          )}
        </Loaded>
      ) : (
        <NoDrafting />
      )}
    </RulesScreen>
  );
};

/** 审核申请: versions in review (通过 / 驳回), then approved versions waiting to be enabled. */
export const ReviewPage = () => {
  const { data, error, mutate } = useRuleList();
  const refresh = () => void mutate();
  return (
    <RulesScreen route="execApplicationStart" testId="rules-review">
      <Loaded data={data} error={error} retry={refresh}>
        {(rules) => (
          <>
            <h3 className="rp-section-title">待审核</h3>
            <VersionTable
              testId="rules-in-review"
              label="待审核"
              empty="没有待审核的版本。"
              versions={awaitingReview(rules)}
              columns={[
                { title: '起草人', cell: (v) => v.draftedBy },
                { title: '修改原因', cell: (v) => v.history[0]?.reason ?? '' },
                { title: '提交', cell: stepCell('RuleVersionSubmitted') },
                {
                  title: '操作',
                  cell: (v) => <VersionActions version={v} onChanged={refresh} only={['approve', 'reject']} />,
                },
              ]}
            />
            <h3 className="rp-section-title">待启用</h3>
            <VersionTable
              testId="rules-to-enable"
              label="待启用"
              empty="没有待启用的版本。"
              versions={awaitingEnable(rules)}
              columns={[
                { title: '起草人', cell: (v) => v.draftedBy },
                { title: '审批', cell: stepCell('RuleVersionApproved') },
                { title: '操作', cell: (v) => <VersionActions version={v} onChanged={refresh} only={['enable']} /> },
              ]}
            />
          </>
        )}
      </Loaded>
    </RulesScreen>
  );
};
