import { describe, expect, it } from 'vitest';
import type { PolicyEndorsed } from '../ordering/order.events.ts';
import { verificationAnswer, type IssuedDocument } from './answer.ts';
import { evolveVerificationOrder, type VerificationRecord } from './record.ts';

const now = new Date('2026-12-10T02:00:00.000Z');
const record: VerificationRecord = {
  orderId: 'o-1',
  owner: null,
  order: null,
  certificates: {},
  policy: {
    insurer: '人保财险',
    policyholder: '飞保测绘***公司',
    startDate: '2026-11-21T16:00:00.000Z',
    endDate: '2027-11-21T16:00:00.000Z',
    covers: [{ name: '无人机机身损失险', sumInsured: 130_000 }],
    droneCount: 2,
    lapsed: false,
    cancelled: false,
  },
};
const endorsed = {
  type: 'PolicyEndorsed',
  data: {
    orderId: 'o-1',
    endorsementId: 'e-2',
    endorsementNo: 'PD0002',
    version: 2,
    effectiveDate: '2026-12-01',
    form: { uavInfoList: [{ quantity: 1 }] },
    lines: [
      { key: 'k1', insuranceTypeInfoName: '无人机机身损失险', insuranceAmount: 6.5 },
      { key: 'k2', insuranceTypeInfoName: '无人机第三者责任险', insuranceAmount: 100 },
    ],
    answers: [
      { key: 'k1', kind: 'quoted', premium: 600, deductible: '' },
      { key: 'k2', kind: 'quoted', premium: 300, deductible: '' },
    ],
  },
} as unknown as { type: 'PolicyEndorsed'; data: PolicyEndorsed['data'] };
const issued = (patch: Partial<IssuedDocument>): IssuedDocument => ({
  orderId: 'o-1',
  kind: 'policy',
  certificateId: null,
  fileSha256: 'f'.repeat(64),
  contentSha256: 'c'.repeat(64),
  ...patch,
});

describe('verification after a 批改', () => {
  const after = evolveVerificationOrder(record, endorsed, () => '***');

  it('follows the current version: its covers, drones and number', () => {
    expect(after.policy).toMatchObject({
      version: 2,
      droneCount: 1,
      covers: [
        { name: '无人机机身损失险', sumInsured: 65_000 },
        { name: '无人机第三者责任险', sumInsured: 1_000_000 },
      ],
    });
  });

  it('says an earlier version was endorsed, answers the current normally, and names a 批单', () => {
    const old = verificationAnswer(issued({}), after, now);
    expect(old).toMatchObject({
      status: 'valid',
      document: { version: 1, currentVersion: 2, versionText: '已批改，当前为第2版', droneCount: 1 },
    });
    expect(verificationAnswer(issued({ version: 2 }), after, now).document?.versionText).toBe('第2版（当前版本）');
    const endorsement = verificationAnswer(
      issued({ kind: 'endorsement', version: 2, endorsementNo: 'PD0002', effectiveDate: '2026-12-01' }),
      after,
      now,
    );
    expect(endorsement.document).toMatchObject({
      kindText: '批单',
      versionText: '批单，批改后为第2版',
      endorsement: { endorsementNo: 'PD0002', version: 2, effectiveDate: '2026-12-01' },
    });
  });

  it('answers a policy never endorsed exactly as before versions', () => {
    const document = verificationAnswer(issued({}), record, now).document;
    expect(document).not.toHaveProperty('version');
    expect(document).not.toHaveProperty('versionText');
  });
});
