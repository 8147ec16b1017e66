import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { mayReadInternals, renderMetrics } from './metrics.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('who may read /metrics and /internal/health', () => {
  it('without a token: this host or a private network, never through a proxy', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      'fd12:3456::1',
    ])
      expect(mayReadInternals(request(address), undefined)).toBe(true);
    for (const address of ['203.0.113.9', '172.32.0.1', '8.8.8.8', '2001:db8::1', ''])
      expect(mayReadInternals(request(address), undefined)).toBe(false);
    expect(mayReadInternals(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(false);
  });

  it('with METRICS_TOKEN: only the bearer of it, from anywhere', () => {
    expect(mayReadInternals(request('203.0.113.9', { authorization: 'Bearer s3cret-token' }), 's3cret-token')).toBe(
      true,
    );
    expect(mayReadInternals(request('127.0.0.1'), 's3cret-token')).toBe(false);
    expect(mayReadInternals(request('127.0.0.1', { authorization: 'Bearer s3cret-tokeN' }), 's3cret-token')).toBe(
      false,
    );
    expect(mayReadInternals(request('127.0.0.1', { authorization: 'Bearer s3cret' }), 's3cret-token')).toBe(false);
  });
});

describe('renderMetrics', () => {
  it('writes one HELP/TYPE per name and every source under it, with its labels escaped', () => {
    const metric = (value: number, label: string) => [
      {
        name: 'things_total',
        help: 'Things\ncounted',
        type: 'counter',
        aggregator: 'sum',
        values: [{ value, labels: { kind: label } }],
      },
    ];
    const text = renderMetrics([
      { labels: { service: 'a' }, metrics: metric(1, 'plain') as never },
      { labels: { service: 'b' }, metrics: metric(2, 'say "hi"\\') as never },
    ]);
    expect(text).toBe(
      [
        '# HELP things_total Things\\ncounted',
        '# TYPE things_total counter',
        'things_total{kind="plain",service="a"} 1',
        'things_total{kind="say \\"hi\\"\\\\",service="b"} 2',
        '',
      ].join('\n'),
    );
  });
});
