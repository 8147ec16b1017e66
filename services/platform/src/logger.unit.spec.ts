import { describe, expect, it } from 'vitest';
import { captureLogs, logger } from './logger.ts';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMzgxMjM0MTIzNCJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

const logged = (write: () => void) => {
  const logs = captureLogs('debug');
  try {
    write();
  } finally {
    logs.stop();
  }
  return logs.lines;
};

describe('the logger', () => {
  it('never writes credentials, tokens or codes, whatever a call site passes', () => {
    const [line] = logged(() =>
      logger.info(
        {
          password: 'p4ssw0rd-secret',
          body: {
            confirmPassword: 'p4ssw0rd-secret',
            identifyingCode: '123456',
            code: '654321',
            refreshToken: 'sid.refresh-secret',
          },
          req: { headers: { authorization: `Bearer ${jwt}`, 'x-token': jwt, cookie: 'feibao_ops_board=secret' } },
          accessToken: jwt,
          code: 'one-time-secret',
          result: { code: 40000 },
        },
        'a careless call',
      ),
    );
    const text = JSON.stringify(line);
    for (const secret of [
      'p4ssw0rd-secret',
      '123456',
      '654321',
      'refresh-secret',
      jwt,
      'feibao_ops_board=secret',
      'one-time-secret',
    ])
      expect(text).not.toContain(secret);
    expect(line).toMatchObject({
      password: '[REDACTED]',
      accessToken: '[REDACTED]',
      req: { headers: { authorization: '[REDACTED]' } },
    });
    // A result code is a number and stays.
    expect(line).toMatchObject({ result: { code: 40000 } });
  });

  it('masks phones and ID numbers, and drops the query string of a URL', () => {
    const [line] = logged(() =>
      logger.warn(
        {
          phone: '13812341234',
          user: { mobilePhone: '13912345678', idCard: '11010519491231002X' },
          url: '/api/v1/uav/uc/getToken?code=abc',
          path: '/x?phone=13812341234',
        },
        'a careless call',
      ),
    );
    expect(line).toMatchObject({
      phone: '138****1234',
      user: { mobilePhone: '139****5678', idCard: '110105********002X' },
      url: '/api/v1/uav/uc/getToken',
      path: '/x',
    });
  });

  it('scrubs phone-, ID- and token-shaped text from messages and errors', () => {
    const [line] = logged(() =>
      logger.error(
        {
          err: new Error(`duplicate key (phone)=(13812341234), id 11010519491231002X, token ${jwt}`),
          jobId: 'code-13812341234-1700000000000',
        },
        'failed for 13812341234',
      ),
    );
    const text = JSON.stringify(line);
    for (const whole of ['13812341234', '11010519491231002X', jwt]) expect(text).not.toContain(whole);
    expect(line).toMatchObject({ msg: 'failed for 138****1234', jobId: 'code-138****1234-1700000000000' });
  });
});
