import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * Who talks to the edge. By default nobody is trusted: the peer of the socket is the client and
 * the request came over plain HTTP (the edge has no TLS of its own), whatever X-Forwarded-* it
 * sends. Behind a TLS-terminating proxy, EDGE_TRUSTED_PROXIES names its addresses (or subnets):
 * from those peers only, the edge believes X-Forwarded-Proto and the last X-Forwarded-For entry
 * (the address the proxy itself saw), so the services rate-limit the real client and the answers
 * of an HTTPS visit carry HSTS and Secure cookies.
 */
export type TrustedProxies = { trusts: (address: string) => boolean };

/** An IPv4 peer on a dual-stack socket reads `::ffff:10.0.0.1`; the list names plain `10.0.0.1`. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Parses `10.0.0.5, 10.1.0.0/16, fd00::/8`; an entry that is not an address or subnet stops the start. */
export const parseTrustedProxies = (list: string | undefined): TrustedProxies => {
  const blocks = new BlockList();
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const bits = prefix === undefined ? null : Number(prefix);
    if (
      !isIP(address) ||
      (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= (isIP(address) === 6 ? 128 : 32)))
    )
      throw new Error(`EDGE_TRUSTED_PROXIES: "${entry}" is not an IP address or subnet`);
    if (bits === null) blocks.addAddress(address, family(address));
    else blocks.addSubnet(address, bits, family(address));
  }
  return {
    trusts: (address) => {
      const peer = plain(address);
      return isIP(peer) !== 0 && blocks.check(peer, family(peer));
    },
  };
};

const lastValue = (header: string | string[] | undefined) => {
  const all = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return all[all.length - 1]?.trim() ?? '';
};

/** The client's address and whether it reached the platform over TLS, as far as the edge may believe. */
export const clientOf = (req: IncomingMessage, proxies: TrustedProxies) => {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (!proxies.trusts(peer)) return { address: peer, overTls: false };
  const forwardedFor = lastValue(req.headers['x-forwarded-for']);
  return {
    address: isIP(forwardedFor) ? plain(forwardedFor) : peer,
    overTls: lastValue(req.headers['x-forwarded-proto']).toLowerCase() === 'https',
  };
};
export type Client = ReturnType<typeof clientOf>;
