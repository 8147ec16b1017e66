import type { CompanyProfile } from '../accounts/user.events.ts';
import { InsuredRelation, isValidIdCard } from '../accounts/validation.ts';
import { policySnapshot } from '../claims/policy.ts';
import type { Order } from '../ordering/order.events.ts';
import { certificateInsuredCheck, requirementMatchOf, type Verdict } from '../ordering/requirementMatch.ts';
import { hasRequirements } from '../ordering/requirements.ts';
import { splitDeviceCodes } from '../ordering/form.ts';
import { shanghaiDate } from '../shared/calendar.ts';
import { maskIdCard } from '../shared/masking.ts';
import { amountInWords } from './amountInWords.ts';
import { broker } from './broker.ts';
import type { CertificateHolder } from './document.events.ts';
import { verificationUrl } from './verificationCode.ts';

/**
 * What an issued document says, as data: the policy's or the certificate's content, built from
 * the order and the policyholder's profile. Its canonical JSON is what the printed fingerprint
 * hashes (docs/api/documents.md "Two fingerprints"), so everything printed comes from here.
 */

export type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' | 'lapsed' }>;

/** A party as printed: its ID number or credit code masked (shared/masking). */
export type Party = { name: string; idLabel: string; idNumber: string };
export type CoverRow = {
  name: string;
  droneName: string | null;
  /** Yuan. */
  sumInsured: number;
  premium: number | null;
  deductible: string;
};
export type DroneRow = { maker: string; model: string; deviceCode: string; value: number | null };
export type PilotRow = { name: string; licenceNumber: string; level: string };
export type Period = { startDay: string; endDay: string; text: string };

type Common = {
  policyNo: string;
  insurer: { name: string; legalName: string };
  broker: { name: string; licence: string; address: string; servicePhone: string };
  policyholder: Party;
  insured: Party;
  period: Period;
  covers: CoverRow[];
  drones: DroneRow[];
  issueDate: string;
  verificationCode: string;
  verificationUrl: string;
};
export type PolicyContent = Common & {
  kind: 'policy';
  orderNo: string;
  totalPremium: number;
  totalPremiumInWords: string;
  pilots: PilotRow[];
  specialTerms: string[];
  /** After a 批改: the version printed (第N版) and the 批单 that made it; absent on the first issue. */
  version?: number;
  endorsementNo?: string;
};
export type CertificateContent = Common & {
  kind: 'certificate';
  certificateNo: string;
  holder: Party & { address: string | null; purpose: string | null };
  statement: string;
  /** 客户要求核对: the order's 投保要求 against the policy; absent when none were stated. */
  requirementsCheck?: RequirementRow[];
};
/** ✓ / × / 待定: the font prints ✓ and × (not ✗). */
export type RequirementRow = { label: string; mark: string; reason: string };
export type DocumentContent = PolicyContent | CertificateContent;

/** The insurers' registered names, as a policy names its insurer; the catalogue's short name otherwise. */
const insurerLegalNames: Record<string, string> = {
  人保财险: '中国人民财产保险股份有限公司',
  平安产险: '中国平安财产保险股份有限公司',
  太平洋产险: '中国太平洋财产保险股份有限公司',
  国寿财险: '中国人寿财产保险股份有限公司',
  大地保险: '中国大地财产保险股份有限公司',
  华泰财险: '华泰财产保险有限公司',
  中华联合: '中华联合财产保险股份有限公司',
};

const NONE = '—';

const party = (name: string | undefined, creditCode: string | undefined, idCard: string | undefined): Party => ({
  name: name || NONE,
  idLabel: creditCode ? '统一社会信用代码' : idCard ? '身份证号码' : '证件号码',
  idNumber: maskIdCard(creditCode || idCard) || NONE,
});

/** The policyholder and the insured from the account's profile (the insured is the policyholder unless it names another). */
export const partiesOf = (
  profile: Partial<CompanyProfile> | null,
  accountName: string,
): { policyholder: Party; insured: Party } => {
  const policyholder = party(profile?.enterpriseName || accountName, profile?.unifiedSocialCreditCode, profile?.idCard);
  const insured =
    profile?.theInsured === InsuredRelation.notPolicyholder && profile.theInsuredName
      ? party(profile.theInsuredName, profile.theInsuredUnifiedSocialCreditCode, profile.theInsuredIdCard)
      : policyholder;
  return { policyholder, insured };
};

/** A holder's ID as printed on a certificate: masked like the parties'. */
export const holderParty = (holder: CertificateHolder): CertificateContent['holder'] => ({
  name: holder.name,
  idLabel: isValidIdCard(holder.idNumber) ? '身份证号码' : '统一社会信用代码',
  idNumber: maskIdCard(holder.idNumber) ?? NONE,
  address: holder.address,
  purpose: holder.purpose,
});

const cn = (day: string) => `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日`;

/** 00:00 of the start day to 24:00 of the last day covered, Asia/Shanghai. */
export const policyPeriod = (startDate: string, endDate: string): Period => {
  const startDay = shanghaiDate(new Date(startDate));
  // The end is the instant cover stops: the day before it when it falls on midnight.
  const endDay = shanghaiDate(new Date(new Date(endDate).getTime() - 1));
  return { startDay, endDay, text: `自${cn(startDay)}00时00分起至${cn(endDay)}24时00分止` };
};

/** 1234.5 → 1,234.50 */
export const formatYuan = (amount: number): string => {
  const [whole, fraction] = (Math.round(amount * 100) / 100).toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

const commonOf = (
  order: PolicyOrder,
  parties: { policyholder: Party; insured: Party },
  issue: { verificationCode: string; publicBaseUrl: string; issuedAt: Date },
): Common => {
  const snapshot = policySnapshot(order);
  return {
    policyNo: order.policyNo,
    insurer: { name: order.insurer.name, legalName: insurerLegalNames[order.insurer.name] ?? order.insurer.name },
    broker: {
      name: broker.name,
      licence: broker.licence,
      address: broker.address,
      servicePhone: broker.servicePhone,
    },
    ...parties,
    period: policyPeriod(order.startDate, order.endDate),
    covers: snapshot.lines.map((line) => ({
      name: line.name,
      droneName: line.droneName,
      sumInsured: Math.round(line.insuranceAmount * 10_000 * 100) / 100,
      premium: line.premium,
      deductible: line.deductible || NONE,
    })),
    // One row per aircraft by its code; a drone entered without codes still shows, as 未登记.
    drones: order.form.uavInfoList.flatMap((d) => {
      const codes = splitDeviceCodes(d.deviceNumber);
      return (codes.length > 0 ? codes : ['未登记']).map((deviceCode) => ({
        maker: d.manufacturer ?? NONE,
        model: d.model ?? NONE,
        deviceCode,
        value: d.price ?? null,
      }));
    }),
    issueDate: shanghaiDate(issue.issuedAt),
    verificationCode: issue.verificationCode,
    verificationUrl: verificationUrl(issue.publicBaseUrl, issue.verificationCode),
  };
};

const standardTerms = [
  '本保单为电子保单，与纸质保单具有同等法律效力。扫描二维码或访问验证网址，输入验证码即可核验真伪。',
  '被保险无人机须由持有有效执照的飞手在适航状态下操作，并遵守民用无人驾驶航空器相关法规及空域管理规定。',
  '每次事故的免赔额（率）以本保单承保险种明细所列为准，免赔额与免赔率同时适用时以高者为准。',
  '发生保险事故后，被保险人应在48小时内通过飞保平台或保险经纪人客服电话报案，并保留现场及飞行数据。',
];

export const policyContent = (
  order: PolicyOrder,
  parties: { policyholder: Party; insured: Party },
  issue: { verificationCode: string; publicBaseUrl: string; issuedAt: Date },
): PolicyContent => {
  const remarks = order.form.insuranceTypeInfoList
    .filter((l) => l.remark)
    .map((l) => `${l.insuranceTypeName ?? ''}：${l.remark}。`);
  const field = order.form.flyingInfo.applicationField;
  return {
    kind: 'policy',
    orderNo: order.orderNo,
    ...commonOf(order, parties, issue),
    totalPremium: order.totalPremium,
    totalPremiumInWords: amountInWords(order.totalPremium),
    pilots: order.form.uavDriverInfoList.map((p) => ({
      name: p.name ?? NONE,
      licenceNumber: p.licenseNumber ?? NONE,
      level: p.technicalLevel ?? NONE,
    })),
    specialTerms: [
      ...standardTerms,
      ...(field ? [`承保作业范围：${field}${order.form.flyingInfo.applicationFieldRemark ?? ''}。`] : []),
      ...remarks,
    ],
  };
};

const marks: Record<Verdict, string> = { met: '✓', unmet: '×', pending: '待定' };

/** The policy's checks (requirementMatch.ts), the additional insured judged by this certificate's holder. */
const requirementRows = (order: PolicyOrder, holder: CertificateHolder): RequirementRow[] | null => {
  const requirements = order.requirements;
  if (!hasRequirements(requirements)) return null;
  const checks = requirementMatchOf(order).policy?.checks ?? [];
  const insured = certificateInsuredCheck(requirements, holder);
  return checks
    .map((c) => (c.kind === 'additionalInsured' && insured ? insured : c))
    .map((c) => ({ label: c.label, mark: marks[c.verdict], reason: c.reason }));
};

export const certificateContent = (
  order: PolicyOrder,
  parties: { policyholder: Party; insured: Party },
  certificate: { certificateNo: string; holder: CertificateHolder },
  issue: { verificationCode: string; publicBaseUrl: string; issuedAt: Date },
): CertificateContent => {
  const common = commonOf(order, parties, issue);
  const holder = holderParty(certificate.holder);
  const purpose = holder.purpose ? `，用于“${holder.purpose}”` : '';
  const requirementsCheck = requirementRows(order, certificate.holder);
  return {
    kind: 'certificate',
    certificateNo: certificate.certificateNo,
    ...common,
    holder,
    // Absent, not empty, without requirements: older certificates' content (and fingerprint) stays as it was.
    ...(requirementsCheck ? { requirementsCheck } : {}),
    statement:
      `兹证明：${common.policyholder.name}已通过${broker.name}向${common.insurer.legalName}投保无人机保险，` +
      `保单号${common.policyNo}，保险期间${common.period.text}，承保险种及保险金额见下表。` +
      `应投保人申请，特向${holder.name}出具本证明${purpose}。` +
      '本证明仅证明上述保单于出具之日有效，不构成对保单条款的变更或补充，保险责任以保单及其条款为准；投保人撤销本证明后，本证明自动失效。',
  };
};
