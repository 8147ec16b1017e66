/**
 * 定损: one row per cover line of the policy (the kind of loss and its amount in yuan); the server
 * computes deductible and payable from the policy's terms, and the panel then shows them.
 */
import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import type { LossKind } from '@feibao/domain/claims/settlement';
import { notifyError, toast } from '../../api/toaster.ts';
import { assessClaim } from '../../claims/api.ts';
import { type AssessRow, assessExposures, type DeskClaim, initialAssessRows, lossKinds } from './desk.ts';

type Props = { claim: DeskClaim; onClose: () => void; onDone: () => Promise<unknown> };

export const AssessDialog = ({ claim, onClose, onDone }: Props) => {
  const lines = claim.insuranceTypeInfoList;
  const [rows, setRows] = useState<AssessRow[]>(() => initialAssessRows(lines));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (key: string, patch: Partial<AssessRow>) =>
    setRows((all) => all.map((r) => (r.lineKey === key ? { ...r, ...patch } : r)));

  const submit = async () => {
    const exposures = assessExposures(rows);
    if (typeof exposures === 'string') {
      setProblem(exposures);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const env = await assessClaim(claim.id, exposures, reason.trim());
      toast.success(env.message || '定损成功');
      onClose();
      await onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="定损" onClose={onClose} style={{ width: 760 }} className="fb-desk-assess-dialog">
      <DialogBody>
        <p className="fb-muted" style={{ marginTop: 0 }}>
          按险种填写核定的损失金额（元），未填写的险种不计入；免赔与赔付金额由系统按保单条款计算。
        </p>
        <HTMLTable compact className="fb-table" aria-label="定损">
          <thead>
            <tr>
              <th>险种</th>
              <th>保险金额</th>
              <th>免赔约定</th>
              <th>损失类型</th>
              <th>损失金额（元）</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const row = rows.find((r) => r.lineKey === line.key);
              if (!row) return null;
              return (
                <tr
                  key={line.key}
                  data-testid="desk-assess-line"
                  data-line={line.key}
                  data-cover={line.insuranceTypeId}
                >
                  <td>{line.droneName ? `${line.name}（${line.droneName}）` : line.name}</td>
                  <td className="fb-nowrap">{line.insuranceAmount} 万元</td>
                  <td>{line.deductible || '—'}</td>
                  <td>
                    <HTMLSelect
                      aria-label="损失类型"
                      value={row.kind}
                      options={lossKinds.map((k) => ({ value: k.value, label: k.label }))}
                      data-testid="desk-assess-kind"
                      onChange={(e) => change(line.key, { kind: e.target.value as LossKind })}
                    />
                  </td>
                  <td>
                    <InputGroup
                      aria-label="损失金额"
                      inputMode="decimal"
                      placeholder="0.00"
                      value={row.amount}
                      data-testid="desk-assess-amount"
                      onChange={(e) => change(line.key, { amount: e.target.value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        {problem && (
          <Callout intent="danger" compact style={{ marginTop: 8 }} data-testid="desk-assess-problem">
            {problem}
          </Callout>
        )}
        <FormGroup label="定损说明（选填）" labelFor="desk-assess-reason" style={{ marginTop: 12 }}>
          <TextArea
            id="desk-assess-reason"
            fill
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="提交定损"
              loading={busy}
              data-testid="desk-assess-ok"
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
