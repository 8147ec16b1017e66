import { FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import useSWR from 'swr';
import { rulesFetcher } from '../api/client.ts';
import { runStatusLabels, type RunSummary } from '../batch/model.ts';
import { formatAt } from './model.ts';

/** What 提交审核 sends beside its reason: the linked run, and why it is submitted despite failures or without a run. */
export type SubmitTest = { runId: string; override: string };

const runLabel = (run: RunSummary) =>
  `${formatAt(run.startedAt)} ${runStatusLabels[run.status]}：通过 ${run.passed}，未通过 ${run.failed}`;

/** The version's batch-test runs (newest first); the server refuses a run of another version or one still running. */
export const useVersionRuns = (ruleId: string, version: number, wanted: boolean) =>
  useSWR<RunSummary[]>(
    wanted ? `/api/v1/rules/version/batchTests?${new URLSearchParams({ ruleId, version: String(version) })}` : null,
    rulesFetcher,
    {
      revalidateOnFocus: false,
    },
  );

/** The newest finished run is linked unless the submitter picks another or none. */
export const defaultRun = (runs: readonly RunSummary[] | undefined) =>
  runs?.find((r) => r.status === 'done')?.runId ?? '';

/** Whether the submission needs an override reason: no run linked, or the linked run has failures. */
export const needsOverride = (runs: readonly RunSummary[] | undefined, runId: string) => {
  const run = runs?.find((r) => r.runId === runId);
  return !run || run.failed > 0;
};

export const SubmitTestFields = ({
  runs,
  value,
  onChange,
}: {
  runs: RunSummary[] | undefined;
  value: SubmitTest;
  onChange: (v: SubmitTest) => void;
}) => {
  const override = needsOverride(runs, value.runId);
  const run = runs?.find((r) => r.runId === value.runId);
  return (
    <>
      <FormGroup
        label="关联批量测试"
        labelFor="rules-submit-run"
        helperText={runs?.length ? undefined : '该版本还没有批量测试，可先在“批量测试”中运行'}
      >
        <HTMLSelect
          id="rules-submit-run"
          fill
          value={value.runId}
          onChange={(e) => onChange({ ...value, runId: e.target.value })}
          options={[
            { value: '', label: '不关联（需说明原因）' },
            ...(runs ?? []).map((r) => ({ value: r.runId, label: runLabel(r), disabled: r.status !== 'done' })),
          ]}
        />
      </FormGroup>
      {override && (
        <FormGroup
          label={run ? '忽略未通过案例的原因' : '未做批量测试的原因'}
          labelFor="rules-submit-override"
          labelInfo="（必填）"
        >
          <TextArea
            id="rules-submit-override"
            fill
            rows={2}
            maxLength={500}
            value={value.override}
            onChange={(e) => onChange({ ...value, override: e.target.value })}
          />
        </FormGroup>
      )}
    </>
  );
};
