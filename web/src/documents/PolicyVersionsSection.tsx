/**
 * 版本记录 on the order page (both sites), once a 批改 made a second version: each version with its 批单号,
 * effective date and premium difference, and the downloads of its 批单 and 电子保单 (the current one marked).
 */
import { useState } from 'react';
import { Button, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { PolicyVersionRow } from '@feibao/domain/documents/versions';
import { notifyError } from '../api/toaster.ts';
import { downloadEndorsement, downloadPolicyVersion } from './api.ts';
import './documents.css';

const money = (n: number | null) =>
  n === null ? '—' : n > 0 ? `+¥${n.toFixed(2)}` : n < 0 ? `−¥${(-n).toFixed(2)}` : '¥0.00';

export const PolicyVersionsSection = ({
  orderId,
  versions,
  mobile,
}: {
  orderId: string;
  versions: PolicyVersionRow[];
  mobile: boolean;
}) => {
  const [busy, setBusy] = useState<string | null>(null);
  if (versions.length < 2) return null;
  const size = mobile ? 'medium' : 'small';
  const run = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await action();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const pending = (
    <span className="fb-muted fb-documents-pending">
      <Spinner size={12} /> 生成中
    </span>
  );
  const downloads = (v: PolicyVersionRow) => (
    <div className="fb-row-actions">
      {v.version > 1 &&
        (v.endorsement ? (
          <Button
            size={size}
            icon="document"
            text="批单"
            data-testid={`download-endorsement-${v.version}`}
            loading={busy === `e${v.version}`}
            onClick={() =>
              void run(`e${v.version}`, () => downloadEndorsement(orderId, v.version, v.endorsement!.fileName))
            }
          />
        ) : (
          pending
        ))}
      {v.policy ? (
        <Button
          size={size}
          icon="download"
          text="保单"
          data-testid={`download-policy-${v.version}`}
          loading={busy === `p${v.version}`}
          onClick={() => void run(`p${v.version}`, () => downloadPolicyVersion(orderId, v.version, v.policy!.fileName))}
        />
      ) : (
        pending
      )}
    </div>
  );
  const versionTag = (v: PolicyVersionRow) => (
    <span className="fb-version-name">
      第{v.version}版
      {v.current && (
        <Tag minimal intent="success" className="fb-state-tag">
          当前
        </Tag>
      )}
    </span>
  );

  return (
    <section className="fb-versions" data-testid="policy-versions" aria-label="版本记录">
      <h2 className="fb-section-title">版本记录</h2>
      {mobile ? (
        <div className="fb-cert-cards">
          {versions.map((v) => (
            <Card key={v.version} className="fb-cert-card" data-version={v.version}>
              <div className="fb-row-between">
                {versionTag(v)}
                <span className="fb-muted">{v.version === 1 ? '首次出单' : `批单号 ${v.endorsementNo ?? '—'}`}</span>
              </div>
              {v.version > 1 && (
                <div className="fb-muted">
                  生效日 {v.effectiveDate ?? '—'} · 保费差额 {money(v.premiumDifference)}
                </div>
              )}
              {downloads(v)}
            </Card>
          ))}
        </div>
      ) : (
        <HTMLTable compact striped className="fb-cert-table" aria-label="保单版本记录">
          <thead>
            <tr>
              <th>版本</th>
              <th>批单号</th>
              <th>生效日</th>
              <th>保费差额</th>
              <th>下载</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} data-version={v.version}>
                <td>{versionTag(v)}</td>
                <td>{v.endorsementNo ?? '首次出单'}</td>
                <td>{v.effectiveDate ?? '—'}</td>
                <td>{money(v.premiumDifference)}</td>
                <td>{downloads(v)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
};
