import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_KEY_HEADER,
  ApiError,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
  WEB_ACCESS_KEY,
  authHeaders,
  buildUrl,
  call,
  createApiClient,
  getConsistencyToken,
  httpFailureMessage,
  mergeConsistencyToken,
  setUnauthorizedHandler,
} from './client.ts';
import { STORAGE_KEYS, clearSession, saveSession, sessionStore } from './session.ts';

const envelope = (
  code: number,
  message: string,
  data: unknown = null,
  init: ResponseInit = {},
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ code, message, data }), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('consistency token', () => {
  it('keeps the highest numeric token seen', () => {
    expect(mergeConsistencyToken(0, '5')).toBe(5);
    expect(mergeConsistencyToken(5, '3')).toBe(5);
    expect(mergeConsistencyToken(5, 'abc')).toBe(5);
    expect(mergeConsistencyToken(5, null)).toBe(5);
    expect(mergeConsistencyToken(5, ' 12 ')).toBe(12);
  });
});

describe('buildUrl / httpFailureMessage', () => {
  it('adds defined query values only', () => {
    expect(buildUrl('/a', { phone: '13800000000', purpose: 'login', x: undefined })).toBe(
      '/a?phone=13800000000&purpose=login',
    );
    expect(buildUrl('/a')).toBe('/a');
  });
  it('words HTTP failures with 服务器 and the status', () => {
    expect(httpFailureMessage(502)).toMatch(/^服务器\(502\)/);
    expect(httpFailureMessage(404)).toContain('不存在');
  });
});

describe('createApiClient', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  const client = createApiClient({
    accessKey: 'other-app',
    timeoutMs: 1000,
    timeoutMessage: '超时',
    tokenHeaders: (token) => ({ 'X-Token': token }),
    jsonAlways: false,
    bare: (status) => ({ code: status, message: `坏(${status})` }),
    error: (code, message, status) => new ApiError(code, message, status),
  });

  it("sends the app's own key and token header, Content-Type only with a body, and no consistency token unless told", async () => {
    fetchMock.mockResolvedValueOnce(envelope(20000, 'ok', {}, {}, { 'X-Consistency-Token': '99' }));
    await client.send('/a', { query: { q: 1 } }, 't-1');
    fetchMock.mockResolvedValueOnce(envelope(20000, 'ok', {}));
    await client.send('/b', { body: { x: 1 } }, null);
    const [[url, get], [, post]] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(url).toBe('/a?q=1');
    expect(get.headers).toEqual({ Accept: 'application/json', 'X-Access-Key': 'other-app', 'X-Token': 't-1' });
    expect(post.method).toBe('POST');
    expect(post.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Access-Key': 'other-app',
    });
    expect(getConsistencyToken()).not.toBe(99);
  });

  it("words a refusal and an answer without an envelope with the app's own words", async () => {
    fetchMock.mockResolvedValueOnce(envelope(40300, '', null, { status: 403 }));
    expect(client.refusal(await client.send('/a', {}, null))).toMatchObject({ code: 40300, message: '坏(403)' });
    fetchMock.mockResolvedValueOnce(new Response('<html></html>', { status: 502 }));
    expect(client.refusal(await client.send('/a', {}, null))).toMatchObject({ code: 502, message: '坏(502)' });
  });
});

describe('call()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('returns the envelope on 20000 and sends the bearer and consistency tokens', async () => {
    saveSession({
      accessToken: 'a'.repeat(32),
      refreshToken: 'r1',
      user: { name: '张三', mobilePhone: '13800000000' },
    });
    fetchMock.mockResolvedValueOnce(envelope(20000, 'ok', { x: 1 }, {}, { 'X-Consistency-Token': '42' }));
    const env = await call<{ x: number }>('/api/v1/uav/user/update', { body: { a: 1 } });
    expect(env.data.x).toBe(1);
    expect(getConsistencyToken()).toBeGreaterThanOrEqual(42);
    fetchMock.mockResolvedValueOnce(envelope(20000, 'ok', {}));
    await call('/api/v1/uav/uc/currentUser');
    const headers = fetchMock.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${'a'.repeat(32)}`);
    expect(Number(headers['X-Consistency-Token'])).toBeGreaterThanOrEqual(42);
  });

  it('throws the envelope message for any other code', async () => {
    fetchMock.mockResolvedValueOnce(envelope(40000, '手机号格式不正确'));
    await expect(call('/x', { auth: 'public' })).rejects.toMatchObject({ code: 40000, message: '手机号格式不正确' });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    saveSession({
      accessToken: 'old'.padEnd(32, 'x'),
      refreshToken: 'r1',
      user: { name: 'u', mobilePhone: '13800000000' },
    });
    fetchMock
      .mockResolvedValueOnce(envelope(40100, '未登录', null, { status: 401 }))
      .mockResolvedValueOnce(envelope(20000, 'ok', { accessToken: 'new'.padEnd(32, 'y'), refreshToken: 'r2' }))
      .mockResolvedValueOnce(envelope(20000, 'ok', { name: 'u' }));
    const env = await call<{ name: string }>('/api/v1/uav/uc/currentUser');
    expect(env.data.name).toBe('u');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/uav/user/refresh');
    const retried = fetchMock.mock.calls[2]![1]!.headers as Record<string, string>;
    expect(retried.Authorization).toBe(`Bearer ${'new'.padEnd(32, 'y')}`);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  it('clears the session and calls the handler when the refresh fails', async () => {
    saveSession({
      accessToken: 'old'.padEnd(32, 'x'),
      refreshToken: 'r1',
      user: { name: 'u', mobilePhone: '13800000000' },
    });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock
      .mockResolvedValueOnce(envelope(40100, '登录已过期', null, { status: 401 }))
      .mockResolvedValueOnce(envelope(40100, '刷新令牌无效', null, { status: 401 }));
    const err = await call('/api/v1/uav/user/getUserByUserName').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).handled).toBe(true);
    expect(handler).toHaveBeenCalledWith('登录已过期');
    expect(sessionStore.get()).toBeNull();
  });

  it('stays quiet when the user logged out while the call was in flight', async () => {
    saveSession({
      accessToken: 'old'.padEnd(32, 'x'),
      refreshToken: 'r1',
      user: { name: 'u', mobilePhone: '13800000000' },
    });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockImplementationOnce(async () => {
      clearSession();
      return envelope(40100, '令牌已失效', null, { status: 401 });
    });
    const err = await call('/api/v1/uav/user/getUserByUserName').catch((e: unknown) => e);
    expect((err as ApiError).handled).toBe(true);
    expect(handler).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not run the session flow for public calls (wrong password)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValueOnce(envelope(40100, '用户名或密码错误', null, { status: 401 }));
    await expect(call('/api/v1/uav/user/login', { body: {}, auth: 'public' })).rejects.toMatchObject({
      message: '用户名或密码错误',
    });
    expect(handler).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** A fetch that answers only when told to, and rejects as a browser does when its signal aborts. */
const pendingFetch = () => {
  let answer: (r: Response) => void = () => undefined;
  const impl = (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      answer = resolve;
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  return { impl, answer: (r: Response) => answer(r) };
};

describe('the 50 s time-out', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    clearSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up after 50 s with a clear message, not before', async () => {
    const pending = pendingFetch();
    fetchMock.mockImplementationOnce(pending.impl);
    const outcome = call('/api/v1/uav/order/page', { body: {} }).then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    const signal = fetchMock.mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, status: 0, message: TIMEOUT_MESSAGE, handled: false });
    expect(TIMEOUT_MESSAGE).toBe('请求超时，请检查网络后重试');
  });

  it('lets an answer within 50 s through and leaves no timer behind', async () => {
    const pending = pendingFetch();
    fetchMock.mockImplementationOnce(pending.impl);
    const outcome = call<{ n: number }>('/api/v1/uav/order/listRegion');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
    pending.answer(envelope(20000, 'ok', { n: 7 }));
    expect((await outcome).data.n).toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps a caller's own abort an AbortError (screens ignore it), not a time-out", async () => {
    const pending = pendingFetch();
    fetchMock.mockImplementationOnce(pending.impl);
    const controller = new AbortController();
    const outcome = call('/api/v1/uav/order/listRegion', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const error = (await outcome) as Error;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('covers reading the body too: a stalled body times out', async () => {
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":20000,'));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('The operation was aborted.', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const outcome = call('/api/v1/uav/order/listRegion').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ message: TIMEOUT_MESSAGE });
  });

  it('words a lost connection differently from a time-out', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call('/api/v1/uav/order/listRegion')).rejects.toMatchObject({
      code: 0,
      message: '网络连接失败，请检查网络后重试',
    });
  });
});

describe('the access-key header', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the web app on every call: public, with a session, the refresh, and outside `call`', async () => {
    expect(ACCESS_KEY_HEADER).toBe('X-Access-Key');
    expect(WEB_ACCESS_KEY).toBe('feibao-web-2026');
    fetchMock.mockResolvedValueOnce(envelope(20000, 'ok', {}));
    await call('/api/v1/uav/user/login', { body: {}, auth: 'public' });
    saveSession({
      accessToken: 'old'.padEnd(32, 'x'),
      refreshToken: 'r1',
      user: { name: 'u', mobilePhone: '13800000000' },
    });
    fetchMock
      .mockResolvedValueOnce(envelope(40100, '未登录', null, { status: 401 }))
      .mockResolvedValueOnce(envelope(20000, 'ok', { accessToken: 'new'.padEnd(32, 'y'), refreshToken: 'r2' }))
      .mockResolvedValueOnce(envelope(20000, 'ok', {}));
    await call('/api/v1/uav/uc/currentUser');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const [, init] of fetchMock.mock.calls)
      expect((init!.headers as Record<string, string>)[ACCESS_KEY_HEADER]).toBe(WEB_ACCESS_KEY);
    expect(authHeaders()[ACCESS_KEY_HEADER]).toBe(WEB_ACCESS_KEY);
  });
});
