import { type ReactNode, useState } from 'react';
import {
  Button,
  Callout,
  Card,
  Checkbox,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  RadioGroup,
  Tag,
} from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { TranspositionResult } from '@feibao/domain/rules/transposition';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { useRuleList } from '../review/api.ts';
import { nameOf } from '../review/model.ts';
import { RulesScreen } from '../review/Screen.tsx';
import { copyRules, downloadExport, type ExportFormat, importFile } from './api.ts';
import './transposition.css';
import { TableScroll } from '../layout/TableScroll.tsx';
import { useForm } from '../../shared/form.tsx';

/** 规则迁移: export rules (JSON or Excel), import a file as new drafts, copy one insurer's rules to another. */
export const TranspositionPage = () => (
  <RulesScreen route="ruleTransposition" testId="rules-transposition">
    <p className="rp-muted">导入和复制只生成草稿版本，需经审核后才能启用。</p>
    <div className="rp-transposition">
      <ExportCard />
      <ImportCard />
      <CopyCard />
    </div>
  </RulesScreen>
);

const Section = ({ title, testId, children }: { title: string; testId: string; children: ReactNode }) => (
  <Card className="rp-card" data-testid={testId}>
    <h3>{title}</h3>
    {children}
  </Card>
);

const ExportCard = () => {
  const { data: rules } = useRuleList();
  const form = useForm<{ chosen: string[]; format: ExportFormat }>({ chosen: [], format: 'json' });
  const { chosen, format } = form.values;
  const [busy, setBusy] = useState(false);
  const toggle = (ruleId: string) =>
    form.update((v) => ({
      ...v,
      chosen: v.chosen.includes(ruleId) ? v.chosen.filter((id) => id !== ruleId) : [...v.chosen, ruleId],
    }));
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(format, chosen);
      notify.success('已导出');
    } catch {
      // The refusal has been shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="导出" testId="rules-transposition-export">
      <FormGroup label="规则" helperText={chosen.length ? `已选${chosen.length}条` : '不选则导出全部规则'}>
        <fieldset className="rp-transposition-picks" aria-label="导出的规则">
          {(rules ?? []).map((r) => (
            <Checkbox
              key={r.ruleId}
              checked={chosen.includes(r.ruleId)}
              onChange={() => toggle(r.ruleId)}
              label={`${nameOf(r)}（${r.ruleId}）`}
            />
          ))}
        </fieldset>
      </FormGroup>
      <RadioGroup
        label="格式"
        inline
        selectedValue={format}
        onChange={(e) => form.set('format', e.currentTarget.value as ExportFormat)}
        options={[
          { value: 'json', label: 'JSON' },
          { value: 'xlsx', label: 'Excel' },
        ]}
      />
      <Button
        intent="primary"
        icon="export"
        text="导出"
        loading={busy}
        onClick={() => void run()}
        data-testid="rules-transposition-export-run"
      />
    </Section>
  );
};

const ImportCard = () => {
  const form = useForm<{ file: File | null; reason: string }>({ file: null, reason: '' });
  const { file, reason } = form.values;
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<TranspositionResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    if (!file) return setProblem('请选择要导入的文件');
    if (!reason.trim()) return setProblem('请填写原因');
    setBusy(true);
    setProblem(null);
    try {
      const answer = await importFile(file, reason.trim());
      setResults(answer.results);
      notify.success(answer.message);
    } catch (error) {
      setProblem(error instanceof RulesApiError ? error.message : '导入失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="导入" testId="rules-transposition-import">
      <FormGroup
        label="文件"
        labelFor="rules-transposition-file"
        helperText="规则导出的 .json 或 .xlsx 文件，不超过5MB"
      >
        <FileInput
          fill
          text={file?.name ?? '选择文件…'}
          buttonText="浏览"
          hasSelection={file !== null}
          inputProps={{ id: 'rules-transposition-file', accept: '.json,.xlsx', 'aria-label': '导入文件' }}
          onInputChange={(e) => form.set('file', e.currentTarget.files?.[0] ?? null)}
        />
      </FormGroup>
      <FormGroup label="原因" labelFor="rules-transposition-import-reason">
        <InputGroup
          id="rules-transposition-import-reason"
          value={reason}
          maxLength={500}
          onValueChange={(v) => form.set('reason', v)}
          placeholder="例如：从测试环境迁移"
        />
      </FormGroup>
      {problem && <Callout intent="danger">{problem}</Callout>}
      <Button
        intent="primary"
        icon="import"
        text="导入"
        loading={busy}
        onClick={() => void run()}
        data-testid="rules-transposition-import-run"
      />
      {results && <Results results={results} testId="rules-transposition-import-results" />}
    </Section>
  );
};

const insurerOptions = visibleInsurers.map((i) => ({ value: String(i.id), label: i.name }));

const CopyCard = () => {
  const form = useForm({ from: String(visibleInsurers[0]!.id), to: String(visibleInsurers[1]!.id), reason: '' });
  const { from, to, reason } = form.values;
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<TranspositionResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    if (from === to) return setProblem('源保险公司与目标保险公司不能相同');
    if (!reason.trim()) return setProblem('请填写原因');
    setBusy(true);
    setProblem(null);
    try {
      setResults(await copyRules({ fromInsurerId: Number(from), toInsurerId: Number(to), reason: reason.trim() }));
      notify.success('已复制为草稿');
    } catch (error) {
      setProblem(error instanceof RulesApiError ? error.message : '复制失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="复制规则集" testId="rules-transposition-copy">
      <FormGroup label="从保险公司" labelFor="rules-transposition-from">
        <HTMLSelect
          id="rules-transposition-from"
          fill
          value={from}
          onChange={(e) => form.set('from', e.target.value)}
          options={insurerOptions}
        />
      </FormGroup>
      <FormGroup label="复制到" labelFor="rules-transposition-to">
        <HTMLSelect
          id="rules-transposition-to"
          fill
          value={to}
          onChange={(e) => form.set('to', e.target.value)}
          options={insurerOptions}
        />
      </FormGroup>
      <FormGroup label="原因" labelFor="rules-transposition-copy-reason">
        <InputGroup
          id="rules-transposition-copy-reason"
          value={reason}
          maxLength={500}
          onValueChange={(v) => form.set('reason', v)}
          placeholder="例如：沿用该公司费率"
        />
      </FormGroup>
      {problem && <Callout intent="danger">{problem}</Callout>}
      <Button
        intent="primary"
        icon="duplicate"
        text="复制"
        loading={busy}
        onClick={() => void run()}
        data-testid="rules-transposition-copy-run"
      />
      {results && <Results results={results} testId="rules-transposition-copy-results" />}
    </Section>
  );
};

/** One row per rule: the new draft (a link to 规则列表) or why it was not drafted. */
const Results = ({ results, testId }: { results: TranspositionResult[]; testId: string }) => (
  <TableScroll label="迁移结果">
    <table className="bp6-html-table bp6-compact bp6-html-table-striped rp-table" data-testid={testId}>
      <thead>
        <tr>
          <th>规则编号</th>
          <th>结果</th>
          <th>说明</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => (
          <tr
            key={`${r.ruleId}@${r.ok ? r.version : r.message}`}
            data-testid="rules-transposition-result"
            data-rule={r.ruleId}
          >
            <td>{r.ruleId}</td>
            <td>
              <Tag minimal intent={r.ok ? 'success' : 'danger'}>
                {r.ok ? '已生成草稿' : '未导入'}
              </Tag>
            </td>
            <td>
              {r.ok ? (
                <Link to={`/rules/ruleList?${new URLSearchParams({ ruleId: r.ruleId })}`}>草稿版本 {r.version}</Link>
              ) : (
                r.message
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
