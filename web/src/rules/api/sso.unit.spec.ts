import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRulesNotifier } from './client.ts';
import { captchaRequired, fetchCaptcha, loginWithPassword, SSO_PATHS } from './sso.ts';

const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

describe('rule platform sign-in calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const shown: string[] = [];
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    shown.length = 0;
    setRulesNotifier({ error: (m) => shown.push(m), relogin: (m) => shown.push(`relogin ${m}`) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the captcha id from its header and keeps the image bytes', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        status: 200,
        headers: { 'Content-Type': 'image/png', 'Captcha-Key': 'abc123' },
      }),
    );
    const captcha = await fetchCaptcha();
    expect(captcha.key).toBe('abc123');
    expect(captcha.image.size).toBe(4);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SSO_PATHS.captchaImage);
    expect(init?.cache).toBe('no-store');
  });

  it('throws the envelope of a refused image, and a plain text for anything else', async () => {
    fetchMock.mockResolvedValueOnce(envelope(42900, '获取图形验证码过于频繁，请稍后再试', null, 429));
    await expect(fetchCaptcha()).rejects.toMatchObject({ code: 42900, message: '获取图形验证码过于频繁，请稍后再试' });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(fetchCaptcha()).rejects.toMatchObject({ message: '图形验证码加载失败，请点击重试' });
    // A 200 without the header is no captcha either: its answer could never be sent back.
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([1]), { status: 200 }));
    await expect(fetchCaptcha()).rejects.toMatchObject({ message: '图形验证码加载失败，请点击重试' });
  });

  it('asks the trigger with the user name, and takes a failure as no captcha', async () => {
    fetchMock.mockResolvedValueOnce(envelope(20000, '成功', { required: true }));
    await expect(captchaRequired('13800000001')).resolves.toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe(`${SSO_PATHS.captchaTrigger}?username=13800000001`);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(captchaRequired()).resolves.toBe(false);
    expect(fetchMock.mock.calls[1]![0]).toBe(SSO_PATHS.captchaTrigger);
    expect(shown).toEqual([]);
  });

  it('leaves a refused login to the page: thrown, never toasted', async () => {
    fetchMock.mockResolvedValueOnce(envelope(40000, '图形验证码错误或已过期', { captchaRequired: true }, 400));
    await expect(
      loginWithPassword({ username: '13800000001', password: 'x', captchaKey: 'k', captcha: 'ab' }),
    ).rejects.toMatchObject({ code: 40000, message: '图形验证码错误或已过期' });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      username: '13800000001',
      password: 'x',
      captchaKey: 'k',
      captcha: 'ab',
    });
    expect(shown).toEqual([]);
  });
});
