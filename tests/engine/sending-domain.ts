import type { TestDnsServer } from '../../server/src/testing/dns-server.ts';

/**
 * Registers `domain` through a running server's `/api/v1/sending-domains`, publishes its DKIM record
 * on `dns` (the server's DNS_SERVERS) and verifies it, as an operator's customer would; `shared`
 * lets the subaccounts send From it too.
 */
export async function verifySendingDomain(
  origin: string,
  key: string,
  domain: string,
  dns: TestDnsServer,
  options: { shared?: boolean } = {},
): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/v1/sending-domains${path}`, {
      method,
      headers: { authorization: key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { results: Record<string, unknown> };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.results;
  };
  await call('POST', '', { domain, shared_with_subaccounts: options.shared ?? false });
  const { dns: records } = (await call('GET', `/${domain}`)) as { dns: Record<string, string> };
  dns.set(records.dkim_record ?? '', { TXT: [records.dkim_value ?? ''] });
  const verified = await call('POST', `/${domain}/verify`, { dkim_verify: true });
  if (verified.dkim_status !== 'valid')
    throw new Error(`${domain} did not verify: ${JSON.stringify(verified)}`);
}
