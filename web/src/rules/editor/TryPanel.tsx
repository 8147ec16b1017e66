import { useMemo, useState } from 'react';
import { Button, Callout, Card, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { RulesApiError } from '../api/client.ts';
import { type TryResult, tryRule } from './api.ts';
import { modelProblems, parseTryInput } from './model.ts';
import { sampleText, trySamples } from './samples.ts';
import { TableScroll } from '../layout/TableScroll.tsx';
import { TracePanel } from '../../shared/trace/TracePanel.tsx';
import { useForm } from '../../shared/form.tsx';

/** 试算: the model as edited, on an input typed or taken from a sample line. Nothing is saved. */
export const TryPanel = ({ ruleId, model }: { ruleId: string | null; model: Jdm }) => {
  const samples = useMemo(() => trySamples(ruleId), [ruleId]);
  const form = useForm(() => ({ sample: samples[0]?.key ?? '', text: sampleText(samples[0]) }));
  const { sample, text } = form.values;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TryResult | null>(null);
  const pick = (key: string) => {
    form.update(() => ({ sample: key, text: sampleText(samples.find((s) => s.key === key)) }));
  };
  const run = async () => {
    const local = modelProblems(model)[0]?.message;
    const parsed = parseTryInput(text);
    if (local) return setProblem(local);
    if (!parsed.ok) return setProblem(parsed.message);
    setBusy(true);
    setProblem(null);
    try {
      setResult(await tryRule(model, parsed.value));
    } catch (error) {
      setResult(null);
      setProblem(error instanceof RulesApiError ? error.message : '试算失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="rp-ed-card" data-testid="rules-editor-try">
      <h3 className="rp-ed-card-title">试算</h3>
      <FormGroup label="样例输入" labelFor="rules-try-sample">
        <HTMLSelect
          id="rules-try-sample"
          fill
          value={sample}
          onChange={(e) => pick(e.target.value)}
          options={samples.map((s) => ({ value: s.key, label: s.label }))}
        />
      </FormGroup>
      <FormGroup label="输入（JSON）" labelFor="rules-try-input">
        <TextArea
          id="rules-try-input"
          className="rp-json-editor"
          fill
          rows={8}
          spellCheck={false}
          value={text}
          onChange={(e) => form.set('text', e.target.value)}
        />
      </FormGroup>
      <Button
        intent="primary"
        icon="play"
        text="试算"
        loading={busy}
        onClick={() => void run()}
        data-testid="rules-try-run"
      />
      {problem && (
        <Callout intent="danger" className="rp-ed-note" data-testid="rules-try-problem">
          {problem}
        </Callout>
      )}
      {result && (
        <div data-testid="rules-try-result">
          <h4 className="rp-ed-subtitle">
            输出 <span className="rp-muted">（引擎耗时 {result.performance}）</span>
          </h4>
          <pre className="rp-json" data-testid="rules-try-output">
            {JSON.stringify(result.output, null, 2)}
          </pre>
          <h4 className="rp-ed-subtitle">执行轨迹</h4>
          <TableScroll label="执行轨迹">
            <TracePanel
              steps={result.trace}
              words="engine"
              columns={['node', 'type', 'matched', 'output']}
              className="rp-table rp-ed-trace"
              outputClassName="rp-ed-trace-output"
              testId="rules-try-trace"
            />
          </TableScroll>
        </div>
      )}
    </Card>
  );
};
