import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { clearSession, saveSession } from '../../api/session.ts';
import { uploadPicture } from './uploadPictures.ts';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
let replies: Reply[] = [];

/** Just enough of XMLHttpRequest for one upload: records what is sent, answers from `replies`. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  private replyHeaders: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.replyHeaders[name] ?? null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    sent.push({ url: this.url, headers: this.headers, body });
    const reply = replies.shift();
    queueMicrotask(() => {
      if (!reply) {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = reply.status;
      this.responseText = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      this.replyHeaders = reply.headers ?? {};
      this.onload?.();
    });
  }
}

const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], '现场.jpg', { type: 'image/jpeg' });
const stored = {
  id: 'c1-p1',
  name: '现场.jpg',
  fileUrl: '/api/v1/uav/claim/settlement/picture/c1-p1',
  smallFileUrl: null,
};

beforeEach(() => {
  sent.length = 0;
  replies = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  saveSession({ accessToken: 'a'.repeat(32), user: { name: '张三', mobilePhone: '13800000000' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('uploadPicture', () => {
  it('sends one multipart request with files and id, the bearer token, and reports progress', async () => {
    replies = [
      {
        status: 200,
        body: { code: 20000, message: '上传成功', data: [stored] },
        headers: { 'X-Consistency-Token': '42' },
      },
    ];
    const progress: number[] = [];
    const row = await uploadPicture('c1', file(), (f) => progress.push(f));
    expect(row).toEqual(stored);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/v1/uav/claim/settlement/uploadBatch');
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${'a'.repeat(32)}`);
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(sent[0]?.body.get('id')).toBe('c1');
    expect((sent[0]?.body.get('files') as File | undefined)?.name).toBe('现场.jpg');
    expect(progress).toEqual([0.5, 1]);
  });

  it("throws the server's refusal with its message", async () => {
    replies = [{ status: 200, body: { code: 41500, message: '请上传图片格式', data: null } }];
    const error = await uploadPicture('c1', file(), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(41500);
    expect((error as ApiError).message).toBe('请上传图片格式');
  });

  it('says 上传失败 when the network fails', async () => {
    const error = await uploadPicture('c1', file(), () => undefined).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('上传失败');
  });

  it('names an HTTP failure without an envelope', async () => {
    replies = [{ status: 502, body: '<html>bad gateway</html>' }];
    const error = await uploadPicture('c1', file(), () => undefined).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toContain('502');
  });
});
