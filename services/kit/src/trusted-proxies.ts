import { BlockList, isIP } from 'node:net';

/**
 * Fastify's `trustProxy` from TRUSTED_PROXIES (comma list of addresses and CIDR ranges: the edge, e.g. the local
 * nginx at 127.0.0.1, the ingress controller's pod range in Kubernetes). Only the hop that connects to the service
 * is trusted, and only when it is one of these: then the client is the address that edge appended to
 * X-Forwarded-For (the right-most one). Whatever a client wrote into X-Forwarded-For itself, and any header from a
 * peer that is not the edge, is ignored: a client cannot choose the address the rate limits count on. Empty: no
 * proxy is trusted (request.ip is the socket's peer).
 */
export function trustedProxies(list: string): (address: string, hop: number) => boolean {
  const edge = new BlockList();
  for (const raw of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = raw.split('/');
    const type = isIP(addr ?? '') === 6 ? 'ipv6' : isIP(addr ?? '') === 4 ? 'ipv4' : null;
    if (!type) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address or CIDR range`);
    if (bits === undefined) edge.addAddress(addr!, type);
    else edge.addSubnet(addr!, Number(bits), type);
  }
  return (address, hop) => {
    if (hop !== 0) return false;
    const a = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const type = isIP(a) === 6 ? 'ipv6' : isIP(a) === 4 ? 'ipv4' : null;
    return !!type && edge.check(a, type);
  };
}
