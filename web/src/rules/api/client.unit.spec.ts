import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_MESSAGE,
  REFRESH_PATH,
  RULES_TIMEOUT_MS,
  RulesApiError,
  rulesRequest,
  setRulesNotifier,
  TIMEOUT_MESSAGE,
} from './client.ts';
import { ApiError } from '../../api/client.ts';
import { RULES_REFRESH_KEY, RULES_TOKEN_KEY, rulesToken } from './token.ts';

const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

describe('rulesRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const errors: string[] = [];
  const relogins: string[] = [];
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    errors.length = 0;
    relogins.length = 0;
    setRulesNotifier({ error: (m) => errors.push(m), relogin: (m) => relogins.push(m) });
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token as X-Token only and answers the data of 20000', async () => {
    rulesToken.set('token-1');
    fetchMock.mockResolvedValueOnce(envelope(20000, '成功', { menu: [] }));
    await expect(rulesRequest('/api/v1/rules/menu', { query: { a: 1, b: undefined } })).resolves.toEqual({ menu: [] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/rules/menu?a=1');
    const headers = init!.headers as Record<string, string>;
    expect(headers['X-Token']).toBe('token-1');
    expect(headers.Authorization).toBeUndefined();
    // The rule platform's access key (CLIENT_APPS in docs/configuration.md), on every call.
    expect(headers['X-Access-Key']).toBe('feibao-rules-2026');
    expect(errors).toEqual([]);
  });

  it("throws ApiErrors, so the shared screens (the ReasonDialog's refusal in place) read them", async () => {
    fetchMock.mockResolvedValueOnce(envelope(40000, '版本已被他人修改'));
    const refusal = await rulesRequest('/api/v1/rules/version/save').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ name: 'RulesApiError', code: 40000, message: '版本已被他人修改' });
  });

  it('keeps its token apart from the customer app', () => {
    rulesToken.set('t');
    expect(localStorage.getItem(RULES_TOKEN_KEY)).toBe('t');
    expect(RULES_TOKEN_KEY).not.toMatch(/^feibao\.session/);
  });

  it('shows the message of any other code and throws it', async () => {
    fetchMock.mockResolvedValueOnce(envelope(40300, '无权限访问', null, 403));
    await expect(rulesRequest('/api/v1/rules/menu')).rejects.toMatchObject({ code: 40300, message: '无权限访问' });
    expect(errors).toEqual(['无权限访问']);
    expect(relogins).toEqual([]);
  });

  for (const code of [50008, 50012, 50014])
    it(`opens the re-login prompt on ${code}`, async () => {
      fetchMock.mockResolvedValueOnce(envelope(code, '登录已过期，请重新登录', null, 401));
      await expect(rulesRequest('/api/v1/rules/menu')).rejects.toBeInstanceOf(RulesApiError);
      expect(relogins).toEqual(['登录已过期，请重新登录']);
      expect(errors).toEqual([]);
    });

  it('treats a session code on sign-in as an ordinary failure and sends no token', async () => {
    rulesToken.set('stale');
    fetchMock.mockResolvedValueOnce(envelope(50008, '登录凭证无效，请重新登录', null, 401));
    await expect(rulesRequest('/api/v1/uav/user/login', { body: {}, anonymous: true })).rejects.toMatchObject({
      code: 50008,
    });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['X-Token']).toBeUndefined();
    expect(relogins).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('gives up after 5 s with the time-out message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rulesRequest('/api/v1/rules/menu');
    const settled = expect(pending).rejects.toMatchObject({ code: 0, message: TIMEOUT_MESSAGE });
    await vi.advanceTimersByTimeAsync(RULES_TIMEOUT_MS - 1);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(errors).toEqual([TIMEOUT_MESSAGE]);
  });

  it('words a network failure and an answer without an envelope', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(rulesRequest('/x')).rejects.toMatchObject({ message: NETWORK_MESSAGE });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(rulesRequest('/x')).rejects.toMatchObject({
      status: 502,
      message: '服务器(502) 网络异常，请稍后重试',
    });
  });

  describe('an expired token (50014)', () => {
    const expired = () => envelope(50014, '登录已过期，请重新登录', null, 401);
    /** The server: the refresh answers the given envelope; a call with the new token succeeds, any other expires. */
    const server = (refreshAnswer: () => Response) =>
      fetchMock.mockImplementation(async (url, init) => {
        if (url === REFRESH_PATH) {
          await new Promise((r) => setTimeout(r, 5));
          return refreshAnswer();
        }
        const token = (init!.headers as Record<string, string>)['X-Token'];
        return token === 'access-2' ? envelope(20000, '成功', { path: url }) : expired();
      });
    const refreshCalls = () => fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH);

    it('renews once with the refresh token, keeps the rotated pair and replays the call', async () => {
      rulesToken.set('access-1', 'refresh-1');
      server(() => envelope(20000, '刷新成功', { accessToken: 'access-2', refreshToken: 'refresh-2' }));
      await expect(rulesRequest('/api/v1/rules/list', { query: { a: 1 } })).resolves.toEqual({
        path: '/api/v1/rules/list?a=1',
      });
      const [refresh] = refreshCalls();
      expect(JSON.parse(refresh![1]!.body as string)).toEqual({ refreshToken: 'refresh-1' });
      expect((refresh![1]!.headers as Record<string, string>)['X-Token']).toBeUndefined();
      expect(localStorage.getItem(RULES_TOKEN_KEY)).toBe('access-2');
      expect(localStorage.getItem(RULES_REFRESH_KEY)).toBe('refresh-2');
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(relogins).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('renews once for the calls that expired together, and a late one uses the new token', async () => {
      rulesToken.set('access-1', 'refresh-1');
      server(() => envelope(20000, '刷新成功', { accessToken: 'access-2', refreshToken: 'refresh-2' }));
      const answers = await Promise.all(['/a', '/b', '/c'].map((path) => rulesRequest(path)));
      expect(answers).toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }]);
      expect(refreshCalls()).toHaveLength(1);
      expect(relogins).toEqual([]);
    });

    it('opens the re-login prompt once the renewal is refused, and forgets the spent refresh token', async () => {
      rulesToken.set('access-1', 'refresh-1');
      server(() => envelope(40100, '登录已失效，请重新登录', null, 401));
      await expect(rulesRequest('/api/v1/rules/list')).rejects.toMatchObject({ code: 50014 });
      expect(relogins).toEqual(['登录已过期，请重新登录']);
      expect(errors).toEqual([]);
      expect(localStorage.getItem(RULES_REFRESH_KEY)).toBeNull();
      await expect(rulesRequest('/api/v1/rules/list')).rejects.toMatchObject({ code: 50014 });
      expect(refreshCalls()).toHaveLength(1);
    });

    it('keeps the refresh token when the renewal could not reach the server', async () => {
      rulesToken.set('access-1', 'refresh-1');
      server(() => {
        throw new TypeError('Failed to fetch');
      });
      await expect(rulesRequest('/api/v1/rules/list')).rejects.toMatchObject({ code: 50014 });
      expect(relogins).toHaveLength(1);
      expect(localStorage.getItem(RULES_REFRESH_KEY)).toBe('refresh-1');
    });

    for (const code of [50008, 50012])
      it(`does not renew on ${code}`, async () => {
        rulesToken.set('access-1', 'refresh-1');
        fetchMock.mockResolvedValueOnce(envelope(code, '登录凭证无效，请重新登录', null, 401));
        await expect(rulesRequest('/api/v1/rules/menu')).rejects.toMatchObject({ code });
        expect(fetchMock).toHaveBeenCalledTimes(1);
        expect(relogins).toEqual(['登录凭证无效，请重新登录']);
      });

    it('clears both tokens on sign-out', () => {
      rulesToken.set('access-1', 'refresh-1');
      rulesToken.clear();
      expect(localStorage.getItem(RULES_TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(RULES_REFRESH_KEY)).toBeNull();
    });
  });
});
