import { CONTENT_WIDTH, type DocumentSpec, type Section } from '../documents/layout.ts';
import { maskPhone } from '../shared/masking.ts';
import { SHANGHAI_OFFSET_MS } from '../shared/calendar.ts';
import { broker } from './broker.ts';
import type { PurchaseRecord } from './purchaseRecord.ts';

/** 2026-11-27 21:40:05, Beijing time, as every time on the record is read. */
export const recordTime = (iso: string) =>
  new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);

const W = CONTENT_WIDTH;

/**
 * The 投保过程记录 as a document (domain documents/layout.ts): the steps with their times, then per terms step
 * the texts shown or confirmed (title, version, SHA-256), the masked address and the device. Printed on demand
 * by the back office's audit screen (docs/api/disclosure.md).
 */
export const purchaseRecordSpec = (record: PurchaseRecord, printedAt: Date): DocumentSpec => {
  const termsSections = record.steps.flatMap((step): Section[] =>
    step.texts
      ? [
          {
            kind: 'table',
            title: `${step.title}（${recordTime(step.at)}）`,
            columns: [
              { header: '文本', width: W * 0.45 },
              { header: '版本', width: W * 0.12, align: 'center' },
              { header: '类别', width: W * 0.43 },
            ],
            rows: step.texts.map((t) => [t.title, `第${t.version}版`, t.kindName]),
          },
          {
            kind: 'paragraphs',
            title: `${step.title}：来源与文本指纹`,
            items: [
              `IP 地址：${step.ip ?? '-'}`,
              `设备：${step.device ?? '-'}`,
              ...step.texts.map((t) => `${t.title} 第${t.version}版 SHA-256：${t.sha256}`),
            ],
            numbered: false,
          },
        ]
      : [],
  );
  return {
    title: '投保过程记录',
    reference: `订单号 ${record.orderNo}`,
    issuer: broker.name,
    footerNote: '依《互联网保险业务监管办法》留存的可回溯记录；IP 地址已部分隐藏',
    sections: [
      {
        kind: 'fields',
        title: '订单',
        rows: [
          [
            { label: '订单号', value: record.orderNo },
            { label: '投保账号', value: maskPhone(record.owner) },
          ],
          [{ label: '生成时间', value: recordTime(printedAt.toISOString()) }],
        ],
      },
      {
        kind: 'table',
        title: '投保过程',
        columns: [
          { header: '时间', width: W * 0.24 },
          { header: '环节', width: W * 0.2 },
          { header: '说明', width: W * 0.56 },
        ],
        rows: record.steps.map((s) => [recordTime(s.at), s.title, s.details.join('；')]),
        empty: '暂无记录',
      },
      ...termsSections,
    ],
  };
};
