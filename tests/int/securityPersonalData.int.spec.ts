import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  newPhone,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { claimReport, injuredPerson } from '../support/claims.ts';
import { companyProfile, customerWithPolicy } from '../support/policies.ts';

/**
 * Personal data on the screens that show it (docs/security.md "Personal data and logs"): the customer sees
 * their own whole; staff see a claimant's phone and the injured person's ID number whole on the
 * claim they open (they call and verify), masked in lists; history and audit rows never show an ID
 * number whole; the claimant never sees staff phones; admins read a profile without its ID numbers.
 */
const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;

/** A valid resident ID number (ISO 7064 check character) from 17 digits. */
const idNumber = (first17: string) => {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
};
const OWN_ID = idNumber('11010519880307123');
const INSURED_ID = idNumber('31011519750815234');
const FIRST_INJURED_ID = idNumber('44030519900101456');
const INJURED_ID = idNumber('44030519900101789');
const ALL_IDS = [OWN_ID, INSURED_ID, FIRST_INJURED_ID, INJURED_ID];
const INSURED_PHONE = '13722223333';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
/** Whole numbers found anywhere in an answer (its JSON, or a CSV's text). */
const wholeIn = (answer: unknown, values: readonly string[]) => {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return values.filter((v) => text.includes(v));
};

/** A complete report whose injured person has this ID number. */
const report = (id: string, technicalLevel: string) =>
  claimReport(id, { injuryInfoList: [injuredPerson({ technicalLevel })] });

let platform: TestPlatform;
let admin: Client;
let staff: Client;
let staffPhone: string;
let other: Client;
let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
let claimId: string;
let quotingOrderId: string;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  staff = platform.client();
  const account = await registerUser(staff);
  staffPhone = account.phone;
  expect((await admin.post(`${U}/user/grantRoles`, { mobilePhone: staffPhone, roles: ['claims'] })).body.code).toBe(
    20000,
  );
  await signIn(staff, staffPhone, account.password);
  other = platform.client();
  await registerUser(other, newPhone());

  customer = await customerWithPolicy(platform);
  const profile = {
    ...companyProfile,
    idCard: OWN_ID,
    theInsured: 2,
    theInsuredName: '被保险人',
    theInsuredPhone: INSURED_PHONE,
    theInsuredIdCard: INSURED_ID,
  };
  expect((await customer.client.post(`${U}/user/update`, profile)).body.code).toBe(20000);
  // An order still with the insurers, for the quote desk.
  quotingOrderId = (await customer.client.post(`${U}/order/inquiryPrice`, generalApplication())).body.data.id;

  // A claim whose injured person's ID number is corrected once (a diff row in the history), then
  // submitted, assigned to the handler and accepted.
  claimId = (await customer.client.get(`${C}/createClaimSettlement?orderId=${customer.orderId}`)).body.data;
  expect((await customer.client.post(`${C}/save`, report(claimId, FIRST_INJURED_ID))).body.code).toBe(20000);
  const submitted = await customer.client.post(`${C}/submit`, report(claimId, INJURED_ID));
  expect(submitted.body.code).toBe(20000);
  const token = { headers: { 'x-consistency-token': submitted.headers.get('x-consistency-token')! } };
  expect((await staff.get(`${C}/details?id=${claimId}`, token)).body.code).toBe(20000);
  expect((await staff.post(`${C}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(20000);
  const accepted = await staff.post(`${C}/accept`, { id: claimId, reason: `已核实伤者身份 ${INJURED_ID}` });
  expect(accepted.body.code).toBe(20000);
  // The customer's and the admin's reads below wait for the staff's writes.
  for (const client of [customer.client, admin])
    await client.get(`${C}/details?id=${claimId}`, {
      headers: { 'x-consistency-token': accepted.headers.get('x-consistency-token')! },
    });
}, 90_000);
afterAll(async () => {
  await platform?.stop();
});

describe('the claimant', () => {
  it('sees their own claim whole, the handler’s phone masked', async () => {
    const details = (await customer.client.get(`${C}/details?id=${claimId}`)).body.data;
    expect(details).toMatchObject({ userName: customer.phone, assignee: masked(staffPhone) });
    expect(details.injuryInfoList[0].technicalLevel).toBe(INJURED_ID);
    const row = (await customer.client.post(`${C}/page`, {})).body.data.datas.find(
      (r: { id: string }) => r.id === claimId,
    );
    expect(row).toMatchObject({ userName: customer.phone, assignee: masked(staffPhone) });
  });

  it('reads the history with ID numbers and staff phones masked', async () => {
    const history = (await customer.client.get(`${C}/history?id=${claimId}`)).body.data as {
      userName: string;
      details: string;
      remark: string;
    }[];
    expect(wholeIn(history, [...ALL_IDS, staffPhone])).toEqual([]);
    expect(history.map((r) => r.details)).toContain(`分派给 ${masked(staffPhone)}`);
    expect(history.map((r) => r.details)).toContain(
      `${FIRST_INJURED_ID.slice(0, 6)}********${FIRST_INJURED_ID.slice(-4)} → ${INJURED_ID.slice(0, 6)}********${INJURED_ID.slice(-4)}`,
    );
    expect(history.some((r) => r.userName === customer.phone)).toBe(true);
  });

  it('reads their own profile whole; another customer reads nothing of it', async () => {
    const own = (await customer.client.get(`${U}/user/getUserByUserName`)).body.data;
    expect(own).toMatchObject({ idCard: OWN_ID, theInsuredIdCard: INSURED_ID, theInsuredPhone: INSURED_PHONE });
    const peek = await other.get(`${U}/user/getUserByUserName?userName=${customer.phone}`);
    expect(peek.body).toMatchObject({ code: 40300, data: null });
    expect((await other.get(`${C}/details?id=${claimId}`)).body).toMatchObject({ code: 40400, data: null });
    expect(wholeIn((await other.post(`${C}/page`, {})).body, [customer.phone, ...ALL_IDS])).toEqual([]);
  });
});

describe('claims staff', () => {
  it('see the claimant’s phone and the injured person’s ID number whole on the claim they open', async () => {
    const details = (await staff.get(`${C}/details?id=${claimId}`)).body.data;
    expect(details).toMatchObject({ userName: customer.phone, assignee: staffPhone });
    expect(details.injuryInfoList[0].technicalLevel).toBe(INJURED_ID);
  });

  it('see phones masked in the desk’s lists, and no ID number whole in the history', async () => {
    for (const body of [{}, { queue: 'processing' }, { assignee: 'me' }]) {
      const page = (await staff.post(`${C}/page`, body)).body.data;
      const row = page.datas.find((r: { id: string }) => r.id === claimId);
      expect(row, JSON.stringify(body)).toMatchObject({ userName: masked(customer.phone), assignee: staffPhone });
      expect(wholeIn(page, [customer.phone, ...ALL_IDS])).toEqual([]);
    }
    const history = (await staff.get(`${C}/history?id=${claimId}`)).body.data;
    expect(wholeIn(history, ALL_IDS)).toEqual([]);
  });
});

describe('admins', () => {
  it('read a claim’s operation log, its CSV and its audit without an ID number whole', async () => {
    const log = await admin.get(`${C}/listLogById?id=${claimId}`);
    expect(log.body.code).toBe(20000);
    expect(wholeIn(log.body.data, ALL_IDS)).toEqual([]);
    const csv = await fetch(`${platform.baseUrl}${C}/history.csv?id=${claimId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(wholeIn(await csv.text(), ALL_IDS)).toEqual([]);

    const audit = await until(
      () => admin.get(`${U}/backoffice/audit/history?kind=claim&id=${claimId}`),
      (a) =>
        a.body.code === 20000 && a.body.data.entries.some((e: { operateType: string }) => e.operateType === '受理'),
    );
    expect(wholeIn(audit.body.data, ALL_IDS)).toEqual([]);
    // The audit finds people by phone: the subject's phone stays whole for admins.
    expect(audit.body.data.subject.phone).toBe(customer.phone);
    const auditCsv = await fetch(`${platform.baseUrl}${U}/backoffice/audit/history.csv?kind=claim&id=${claimId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(wholeIn(await auditCsv.text(), ALL_IDS)).toEqual([]);
  });

  it('list users with their phones (to grant roles) and nothing of their profiles', async () => {
    const page = (await admin.get(`${U}/backoffice/users?q=${customer.phone}`)).body.data;
    expect(page.datas).toHaveLength(1);
    expect(Object.keys(page.datas[0]).sort()).toEqual([
      'companyName',
      'createdAt',
      'lastLoginAt',
      'mobilePhone',
      'name',
      'registerType',
      'roles',
    ]);
    expect(page.datas[0].mobilePhone).toBe(customer.phone);
    expect(wholeIn(page, [...ALL_IDS, INSURED_PHONE])).toEqual([]);
  });

  it('read a customer’s profile with its ID numbers masked', async () => {
    const profile = (await admin.get(`${U}/user/getUserByUserName?userName=${customer.phone}`)).body.data;
    expect(profile).toMatchObject({
      mobilePhone: customer.phone,
      idCard: `${OWN_ID.slice(0, 6)}********${OWN_ID.slice(-4)}`,
      theInsuredIdCard: `${INSURED_ID.slice(0, 6)}********${INSURED_ID.slice(-4)}`,
    });
  });

  it('see customers’ phones masked on the quote desk, whole on the order they open', async () => {
    const desk = await until(
      () => admin.get(`${U}/backoffice/quoteDesk?days=7`),
      (a) => a.body.code === 20000 && a.body.data.datas.some((r: { id: string }) => r.id === quotingOrderId),
    );
    expect(desk.body.data.datas.find((r: { id: string }) => r.id === quotingOrderId).userName).toBe(
      masked(customer.phone),
    );
    expect(wholeIn(desk.body.data, [customer.phone])).toEqual([]);
    expect(wholeIn((await admin.get(`${U}/backoffice/quoteProgress`)).body.data, [customer.phone])).toEqual([]);
    expect((await admin.get(`${U}/order/orderDetails?id=${quotingOrderId}`)).body.data.userName).toBe(customer.phone);
  });
});
