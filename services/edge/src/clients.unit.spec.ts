import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientOf, parseTrustedProxies } from './clients.ts';

const request = (remoteAddress: string, headers: IncomingMessage['headers'] = {}) =>
  ({ socket: { remoteAddress }, headers }) as IncomingMessage;
const claims = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1, 203.0.113.9' };

describe('trusted proxies', () => {
  it('trust nobody by default: the peer is the client, over plain HTTP, whatever it claims', () => {
    const nobody = parseTrustedProxies(undefined);
    expect(nobody.trusts('127.0.0.1')).toBe(false);
    expect(clientOf(request('::ffff:127.0.0.1', claims), nobody)).toEqual({ address: '127.0.0.1', overTls: false });
  });

  it('match addresses and subnets, IPv4 peers on a dual-stack socket included', () => {
    const proxies = parseTrustedProxies(' 10.0.0.5, 172.16.0.0/12 ,fd00::/8');
    expect(['10.0.0.5', '::ffff:10.0.0.5', '172.20.1.1', 'fd12::1'].map(proxies.trusts)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.6', '172.32.0.1', '203.0.113.9', 'fe80::1', '', 'junk'].map(proxies.trusts)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('from a trusted proxy, believe its protocol and the last address it appended', () => {
    const proxies = parseTrustedProxies('10.0.0.5');
    expect(clientOf(request('10.0.0.5', claims), proxies)).toEqual({ address: '203.0.113.9', overTls: true });
    expect(clientOf(request('10.0.0.5', { 'x-forwarded-proto': 'http' }), proxies)).toEqual({
      address: '10.0.0.5',
      overTls: false,
    });
    expect(clientOf(request('10.0.0.5', { 'x-forwarded-for': 'not-an-address' }), proxies)).toEqual({
      address: '10.0.0.5',
      overTls: false,
    });
    // Someone else sending the same headers is not believed.
    expect(clientOf(request('10.0.0.9', claims), proxies)).toEqual({ address: '10.0.0.9', overTls: false });
  });

  it('refuse a setting that is not an address or subnet, so a typo does not silently trust nobody', () => {
    for (const wrong of ['10.0.0', 'proxy.local', '10.0.0.0/33', '10.0.0.0/x', 'fd00::/129'])
      expect(() => parseTrustedProxies(wrong), wrong).toThrow(/EDGE_TRUSTED_PROXIES/);
  });
});
