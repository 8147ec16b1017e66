import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { accountWithRoles, ADMIN, registerUser, signIn, until, type Client, type TestPlatform } from './platform.ts';
import { companyProfile, customerWithPolicy } from './policies.ts';

/**
 * What the security suites share (tests/int/security*.int.spec.ts): a caller of every kind, a
 * customer owning one object of every kind, and a raw call that takes any answer — the matrix
 * also meets CSV, HTML and pictures, which the envelope client refuses to parse.
 */

/** Every kind of caller the authorisation matrix tries, from nobody to the admin. */
export const CALLER_KINDS = ['none', 'guest', 'user', 'claims', 'auditor', 'test', 'batchTest', 'admin'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export type RawAnswer = {
  status: number;
  text: string;
  body: { code: number; message: string; data: unknown } | null;
  /** The X-Consistency-Token of a write: a read sending it waits for the write's projections. */
  consistency: number;
};

/** One request with this token (or none); the body is JSON unless it is FormData. */
export const rawCall = async (
  baseUrl: string,
  method: string,
  path: string,
  init: { token?: string | null; body?: unknown; consistency?: number } = {},
): Promise<RawAnswer> => {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.consistency) headers['x-consistency-token'] = String(init.consistency);
  let body: FormData | string | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: RawAnswer['body'] = null;
  try {
    const json = JSON.parse(text);
    if (json && typeof json === 'object' && 'code' in json) parsed = json;
  } catch {
    // Not an envelope: a picture, a CSV or the board's HTML.
  }
  return {
    status: response.status,
    text,
    body: parsed,
    consistency: Number(response.headers.get('x-consistency-token') ?? 0),
  };
};

const unique = () => randomBytes(3).toString('hex').toUpperCase();

/** A signed-in client of every kind; 'none' has no token. */
export const signedInCast = async (platform: TestPlatform) => {
  const admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  const guest = platform.client();
  guest.adopt(await guest.post('/api/v1/uav/user/guest'));
  const user = platform.client();
  await registerUser(user);
  const clients: Record<CallerKind, Client> = {
    none: platform.client(),
    guest,
    user,
    claims: await accountWithRoles(platform, admin, ['claims']),
    auditor: await accountWithRoles(platform, admin, ['auditor']),
    test: await accountWithRoles(platform, admin, ['test']),
    batchTest: await accountWithRoles(platform, admin, ['batchTest']),
    admin,
  };
  return clients;
};

/** A small real picture (the picture worker decodes it). */
export const tinyPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

export const uploadForm = (bytes: Uint8Array, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('files', new Blob([bytes]), name);
  return form;
};

const CLAIMS = '/api/v1/uav/claim/settlement';

/**
 * A customer owning one of everything another caller might reach for: an in-force policy
 * (bought through quoting), a draft order, a claim on the policy with a processed picture, an
 * uploaded file and a company profile. `secrets` are strings of theirs that must never appear
 * in anyone else's answer.
 */
export const customerWithEverything = async (platform: TestPlatform) => {
  const owner = await customerWithPolicy(platform);
  const { client } = owner;
  const tag = unique();
  const name = `机主${tag}`;
  const enterpriseName = `隐私测绘${tag}有限公司`;
  const profile = await client.post('/api/v1/uav/user/update', { ...companyProfile, name, enterpriseName });
  if (profile.body.code !== 20000) throw new Error(`profile: ${profile.body.message}`);

  const draft = await client.post('/api/v1/uav/order/save', generalApplication());
  if (draft.body.code !== 20000) throw new Error(`draft: ${draft.body.message}`);
  const draftId: string = draft.body.data.id;

  const created = await client.get(`${CLAIMS}/createClaimSettlement?orderId=${owner.orderId}`);
  if (created.body.code !== 20000) throw new Error(`claim: ${created.body.message}`);
  const claimId: string = created.body.data;

  const fileName = `保单扫描${tag}.png`;
  const png = await tinyPng();
  const picture = await rawCall(platform.baseUrl, 'POST', `${CLAIMS}/uploadBatch`, {
    token: client.state.accessToken,
    body: uploadForm(png, `现场${tag}.png`, { id: claimId }),
  });
  if (picture.body?.code !== 20000) throw new Error(`picture: ${picture.text}`);
  const pictureId = (picture.body.data as { id: string }[])[0]!.id;
  const file = await rawCall(platform.baseUrl, 'POST', `/api/v1/uav/file/uploadBatch?type=3&id=${owner.orderId}`, {
    token: client.state.accessToken,
    body: uploadForm(png, fileName),
  });
  if (file.body?.code !== 20000) throw new Error(`file: ${file.text}`);
  const fileId = (file.body.data as { id: string }[])[0]!.id;

  // The picture worker makes the display copy: wait, so the owner's own read of it succeeds.
  await until(
    () => client.post(`${CLAIMS}/pageImageInfo`, { id: claimId }),
    (a) => a.body.data?.datas?.[0]?.processing === 'done',
  );
  const claim = (await client.get(`${CLAIMS}/details?id=${claimId}`)).body.data;
  const order = owner.policy;
  const requestId: string = order.quoteProgress[0].requestId;
  const lineKey: string = order.insurancePlanList[0].key;
  return {
    client,
    phone: owner.phone,
    name,
    enterpriseName,
    orderId: owner.orderId,
    draftId,
    claimId,
    pictureId,
    fileId,
    requestId,
    lineKey,
    secrets: [
      owner.phone,
      name,
      enterpriseName,
      owner.orderId,
      order.orderNo,
      order.policyNo,
      draftId,
      claimId,
      claim.claimSettlementNo,
      pictureId,
      fileId,
      fileName,
    ].filter((s): s is string => typeof s === 'string' && s.length > 0),
  };
};
export type CustomerWithEverything = Awaited<ReturnType<typeof customerWithEverything>>;
