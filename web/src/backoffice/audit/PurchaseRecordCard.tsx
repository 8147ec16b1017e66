/**
 * 投保过程记录 (docs/api/disclosure.md) on an order's audit page: each step of the purchase with its time — order
 * created, quotes, the texts shown and confirmed (title, version, masked address, device), 投保, payment, the
 * 电子保单 — and the same as a PDF.
 */
import { useState } from 'react';
import { Button, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import useSWR from 'swr';
import type { PurchaseRecord } from '@feibao/domain/disclosure/purchaseRecord';
import { recordTime } from '@feibao/domain/disclosure/purchaseRecordPdf';
import { downloadFile } from '../../api/download.ts';
import { notifyError } from '../../api/toaster.ts';

const base = '/api/v1/uav/backoffice/audit/purchaseRecord';

export const PurchaseRecordCard = ({ orderId }: { orderId: string }) => {
  const record = useSWR<PurchaseRecord>([base, { orderId }], { dedupingInterval: 0 });
  const [exporting, setExporting] = useState(false);
  const exportPdf = async () => {
    setExporting(true);
    try {
      await downloadFile({
        path: `${base}/pdf`,
        query: { orderId },
        refreshVia: base,
        fallbackName: `purchase-record-${orderId}.pdf`,
        accept: 'application/pdf',
      });
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card className="fb-card fb-audit-card" data-testid="purchase-record">
      <div className="fb-row-between fb-audit-toolbar">
        <h2 className="fb-section-title">投保过程记录</h2>
        <Button
          icon="document"
          text="导出PDF"
          loading={exporting}
          disabled={!record.data}
          onClick={() => void exportPdf()}
          data-testid="purchase-record-pdf"
        />
      </div>
      {record.error ? (
        <p className="fb-muted">{(record.error as Error).message}</p>
      ) : !record.data ? (
        <Spinner size={24} />
      ) : (
        <HTMLTable compact striped className="fb-purchase-record">
          <thead>
            <tr>
              <th>时间</th>
              <th>环节</th>
              <th>说明</th>
            </tr>
          </thead>
          <tbody>
            {record.data.steps.map((s) => (
              <tr key={`${s.kind}-${s.at}-${s.details.join()}`} data-testid={`purchase-step-${s.kind}`}>
                <td className="fb-nowrap">{recordTime(s.at)}</td>
                <td className="fb-nowrap">
                  <Tag minimal intent={s.kind === 'termsConfirmed' ? 'success' : 'none'}>
                    {s.title}
                  </Tag>
                </td>
                <td>
                  {s.details.join('；')}
                  {s.texts && (
                    <ul className="fb-purchase-texts">
                      {s.texts.map((t) => (
                        <li key={`${t.title}-${t.version}`}>
                          {t.title} 第{t.version}版
                        </li>
                      ))}
                    </ul>
                  )}
                  {s.ip && (
                    <div className="fb-muted">
                      IP {s.ip} · 设备 {s.device}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
};
