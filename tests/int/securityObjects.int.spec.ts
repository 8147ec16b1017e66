import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  accountWithRoles,
  ADMIN,
  registerUser,
  signIn,
  startTestPlatform,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile } from '../support/policies.ts';
import {
  customerWithEverything,
  rawCall,
  tinyPng,
  uploadForm,
  type CustomerWithEverything,
} from '../support/securityFixtures.ts';

/**
 * Object-level authorisation (docs/security.md "Who may do what"): a customer owns one of
 * everything (policy, draft order, claim with a picture, uploaded file, profile); every call
 * that names one of them by id is tried by another customer, a guest, claims staff (where the
 * object is not theirs to see: orders, files, profiles, admin-only views) and nobody. Each is
 * refused as the route documents (someone else's order or claim reads as missing, 40400; a
 * profile or staff view is forbidden, 40300; no token, 401), answers a list holding none of the
 * owner's, and never carries the owner's phone, names or ids. Afterwards the owner's objects
 * are as they were.
 */

const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;
const DRONES = '1581F5FHD23A,1581F5FHD23B';

type Stranger = 'other' | 'guest' | 'claims';
const everyone: Stranger[] = ['other', 'guest', 'claims'];
/** Claims staff see every claim by design: the claim's own calls are tried by the others. */
const notStaff: Stranger[] = ['other', 'guest'];

type Probe = {
  method: 'GET' | 'POST';
  path: (o: CustomerWithEverything) => string;
  body?: (o: CustomerWithEverything) => unknown | Promise<unknown>;
  by: Stranger[];
  /** The refusal code, or 'list' for an answer listing the caller's own (holding none of the owner's). */
  answer: number | number[] | 'list';
};
const get = (path: Probe['path'], answer: Probe['answer'], by = everyone): Probe => ({
  method: 'GET',
  path,
  answer,
  by,
});
const post = (path: Probe['path'], body: Probe['body'], answer: Probe['answer'], by = everyone): Probe => ({
  method: 'POST',
  path,
  body,
  answer,
  by,
});

const probes: Probe[] = [
  // Orders, plan rows and policies.
  get((o) => `${U}/order/orderDetails?id=${o.orderId}`, 40400),
  get((o) => `${U}/order/orderDetails?id=${o.draftId}`, 40400),
  get((o) => `${U}/order/listInsurancePlan?id=${o.orderId}`, 40400),
  post(
    () => `${U}/order/page`,
    (o) => ({ userName: o.phone }),
    'list',
  ),
  get(() => `${U}/order/getdronedata?deviceNumber=${DRONES}`, 'list'),
  get((o) => `${U}/order/insure?id=${o.orderId}&insuranceCompanyId=1`, 40400),
  get((o) => `${U}/order/revoke?id=${o.draftId}&revokeReason=${encodeURIComponent('其他')}`, 40400),
  get((o) => `${U}/order/deleteInsurancePlan?orderInfoId=${o.orderId}&insuranceTypeInfoId=1`, 40400),
  get((o) => `${U}/order/reset?orderInfoId=${o.draftId}`, 40400),
  post(
    () => `${U}/order/save`,
    (o) => ({ ...generalApplication(), id: o.draftId }),
    40400,
  ),
  // Insurers need a complete profile first: a guest and the staff account without one are stopped there (30000).
  post(
    () => `${U}/order/inquiryPrice`,
    (o) => ({ ...generalApplication(), id: o.draftId }),
    [40400, 30000],
  ),
  get((o) => `${C}/createClaimSettlement?orderId=${o.orderId}`, 40400),
  // Files and profiles.
  get((o) => `${U}/file/${o.fileId}`, 40400),
  get((o) => `${U}/user/getUserByUserName?userName=${o.phone}`, 40300),
  post(
    () => `${U}/user/update`,
    (o) => ({ ...companyProfile, mobilePhone: o.phone, enterpriseName: '篡改的企业' }),
    40300,
  ),
  // Claims, their pictures and history.
  get((o) => `${C}/details?id=${o.claimId}`, 40400, notStaff),
  get((o) => `${C}/listImageType?id=${o.claimId}`, 40400, notStaff),
  post(
    () => `${C}/pageImageInfo`,
    (o) => ({ id: o.claimId }),
    40400,
    notStaff,
  ),
  get((o) => `${C}/history?id=${o.claimId}`, 40400, notStaff),
  get((o) => `${C}/getSettlementUavInfo?id=${o.claimId}&deviceNumber=${DRONES}`, 40400, notStaff),
  post(
    () => `${C}/page`,
    (o) => ({ userName: o.phone }),
    'list',
    notStaff,
  ),
  post(
    () => `${C}/save`,
    (o) => ({ id: o.claimId, accidentAddress: '篡改' }),
    40400,
    notStaff,
  ),
  post(
    () => `${C}/submit`,
    (o) => ({ id: o.claimId }),
    40400,
    notStaff,
  ),
  get((o) => `${C}/back?id=${o.claimId}`, 40400, notStaff),
  get((o) => `${C}/revocation?id=${o.claimId}`, 40400, notStaff),
  post(
    () => `${C}/revocation`,
    (o) => ({ id: o.claimId, reason: '篡改' }),
    40400,
    notStaff,
  ),
  post(
    () => `${C}/updatePicBatch?imageTypeCode=101010`,
    (o) => [o.pictureId],
    40400,
    notStaff,
  ),
  post(
    () => `${C}/deletePicBatch`,
    (o) => [o.pictureId],
    40400,
    notStaff,
  ),
  post(
    () => `${C}/uploadBatch`,
    async (o) => uploadForm(await tinyPng(), 'x.png', { id: o.claimId }),
    40400,
    notStaff,
  ),
  get((o) => `${C}/picture/${encodeURIComponent(o.pictureId)}`, 40400, notStaff),
  get((o) => `${C}/picture/${encodeURIComponent(o.pictureId)}?size=original`, 40400, notStaff),
  // Staff and admin views naming the owner's objects.
  get((o) => `${C}/listLogById?id=${o.claimId}`, 40300),
  get((o) => `${C}/history.csv?id=${o.claimId}`, 40300),
  post(
    () => `${C}/accept`,
    (o) => ({ id: o.claimId }),
    40300,
    notStaff,
  ),
  post(
    () => `${C}/assign`,
    (o) => ({ id: o.claimId, assignee: null }),
    40300,
    notStaff,
  ),
  get((o) => `${U}/backoffice/audit/search?q=${o.phone}`, 40300),
  get((o) => `${U}/backoffice/audit/history?kind=order&id=${o.orderId}`, 40300),
  get((o) => `${U}/backoffice/audit/history.csv?kind=claim&id=${o.claimId}`, 40300),
  get((o) => `${U}/backoffice/users?q=${o.phone}`, 40300),
  get((o) => `${U}/backoffice/users/roleHistory?mobilePhone=${o.phone}`, 40300),
  get(() => `${U}/backoffice/quoteDesk`, 40300),
  get(() => `${U}/backoffice/quoteProgress`, 40300),
  get(
    (o) =>
      `${U}/backoffice/quote/why?requestId=${encodeURIComponent(o.requestId)}&key=${encodeURIComponent(o.lineKey)}`,
    40300,
  ),
  post(
    () => `${U}/backoffice/quote/resend`,
    (o) => ({ requestId: o.requestId }),
    40300,
  ),
  post(
    () => '/api/v1/rules/cases/fromOrder',
    (o) => ({ orderId: o.orderId, name: '篡改' }),
    40300,
  ),
];

let platform: TestPlatform;
let owner: CustomerWithEverything;
let strangers: Record<Stranger, Client>;
let admin: Client;

/** What the owner reads of their objects, minus what depends on the clock of reading. */
const ownerView = async () => {
  const read = async (path: string, body?: unknown) => {
    const answer = body === undefined ? await owner.client.get(path) : await owner.client.post(path, body);
    expect(answer.body.code, path).toBe(20000);
    const { actions: _actions, slaAgeDays: _age, ...rest } = answer.body.data;
    return rest;
  };
  return {
    order: await read(`${U}/order/orderDetails?id=${owner.orderId}`),
    draft: await read(`${U}/order/orderDetails?id=${owner.draftId}`),
    claim: await read(`${C}/details?id=${owner.claimId}`),
    pictures: await read(`${C}/pageImageInfo`, { id: owner.claimId }),
    profile: await read(`${U}/user/getUserByUserName`),
  };
};

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  owner = await customerWithEverything(platform);
  const other = platform.client();
  await registerUser(other);
  // A complete profile, so an inquiry reaches the ownership check instead of stopping at the profile.
  expect((await other.post(`${U}/user/update`, { ...companyProfile, enterpriseName: '另一家公司' })).body.code).toBe(
    20000,
  );
  const guest = platform.client();
  guest.adopt(await guest.post(`${U}/user/guest`));
  strangers = { other, guest, claims: await accountWithRoles(platform, admin, ['claims']) };
}, 90_000);
afterAll(async () => {
  await platform?.stop();
});

describe('object-level authorisation', () => {
  it('the objects are real: the owner and the admin read them, claims staff read the claim', async () => {
    const file = await rawCall(platform.baseUrl, 'GET', `${U}/file/${owner.fileId}`, {
      token: admin.state.accessToken,
    });
    expect(file.status).toBe(200);
    const picture = await rawCall(platform.baseUrl, 'GET', `${C}/picture/${encodeURIComponent(owner.pictureId)}`, {
      token: owner.client.state.accessToken,
    });
    expect(picture.status).toBe(200);
    expect((await admin.get(`${U}/order/orderDetails?id=${owner.orderId}`)).body.code).toBe(20000);
    expect((await strangers.claims.get(`${C}/details?id=${owner.claimId}`)).body.code).toBe(20000);
  });

  it("refuses every other caller, lists none of the owner's, and never shows the owner's data", async () => {
    const before = await ownerView();
    const wrong: string[] = [];
    for (const probe of probes) {
      const path = probe.path(owner);
      const callers: [string, string | null, Probe['answer']][] = [
        ['nobody', null, path.startsWith('/api/v1/rules') ? 50008 : 40100],
        ...probe.by.map((s): [string, string | null, Probe['answer']] => [
          s,
          strangers[s].state.accessToken,
          probe.answer,
        ]),
      ];
      for (const [who, token, expected] of callers) {
        const body = probe.body ? await probe.body(owner) : undefined;
        const answer = await rawCall(platform.baseUrl, probe.method, path, { token, body });
        const label = `${who} ${probe.method} ${path}: ${answer.status} ${answer.text.slice(0, 160)}`;
        const leaked = owner.secrets.filter((secret) => answer.text.includes(secret));
        if (leaked.length > 0) wrong.push(`leaks ${leaked.join(', ')}: ${label}`);
        else if (expected === 'list') {
          if (answer.body?.code !== 20000) wrong.push(`no list: ${label}`);
        } else if (!([expected].flat().includes(answer.body?.code ?? 0) && answer.body?.data === null))
          wrong.push(`not refused: ${label}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await ownerView()).toEqual(before);
  });
});
