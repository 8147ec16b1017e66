import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_MESSAGE, RULES_TIMEOUT_MS, RulesApiError, rulesRequest, setRulesNotifier, TIMEOUT_MESSAGE } from './client.ts';
import { RULES_TOKEN_KEY, rulesToken } from './token.ts';

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
    expect(errors).toEqual([]);
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
    await expect(rulesRequest('/api/v1/uav/user/login', { body: {}, anonymous: true })).rejects.toMatchObject({ code: 50008 });
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
    await expect(rulesRequest('/x')).rejects.toMatchObject({ status: 502, message: '服务器(502) 网络异常，请稍后重试' });
  });
});
