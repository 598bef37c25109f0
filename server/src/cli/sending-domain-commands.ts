import { emailSchema } from '@app/contract/schemas';
import { z } from 'zod';
import type { AccountStores } from '../accounts/create-accounts.ts';
import type { DkimKeyService } from '../engine/sending-domains/dkim-key-service.ts';
import type { SendingDomainService } from '../engine/sending-domains/sending-domain-service.ts';
import type { SendingDomainStore } from '../engine/sending-domains/sending-domain-store.ts';
import type { CheckResult } from '../engine/sending-domains/verify-dns.ts';
import { parseOptions } from './parse-options.ts';

/** What the sending-domain commands need of the process's engine. */
export interface SendingDomainContext {
  sendingDomains: SendingDomainService;
  dkimKeys: Pick<DkimKeyService, 'list' | 'verify'>;
  sendingDomainStore: Pick<SendingDomainStore, 'setStatuses'>;
}

const domainOptions = z.object({
  email: emailSchema,
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/,
      'must be a domain name',
    ),
  verified: z.boolean().optional(),
});

type Context = SendingDomainContext & Pick<AccountStores, 'users'>;

async function viewerOf(ctx: Context, email: string) {
  const companyId = await ctx.users.companyOf(email);
  if (!companyId) throw new Error(`--email: no user with email ${email}`);
  return { companyId, subaccountId: 0, isMaster: true };
}

/**
 * Adds a sending domain to the company's master account with a new DKIM key and prints the records
 * to publish. `--verified`: the operator vouches for the domain (its DNS is managed elsewhere, or a
 * closed test setup) and production may send from it at once, without a DNS look-up.
 */
export async function addSendingDomain(ctx: Context, options: Record<string, unknown>) {
  const { email, domain, verified } = parseOptions(domainOptions, options);
  const viewer = await viewerOf(ctx, email);
  const created = await ctx.sendingDomains.create(viewer, {
    domain,
    generate_dkim: true,
    dkim_key_length: 2048,
    shared_with_subaccounts: true,
  });
  if (verified) await ctx.sendingDomainStore.setStatuses(viewer.companyId, domain, { dkimStatus: 'valid' });
  const records = ctx.sendingDomains.records(created);
  return [
    `sending domain ${domain} added${verified ? ' and marked verified by the operator' : ''}; publish:`,
    ...Object.values(records).map((record) => `  ${record.name} ${record.type} "${record.value}"`),
    ...(verified ? [] : [`then: npm run admin -- verify-sending-domain --email ${email} --domain ${domain}`]),
  ];
}

const lineOf = (what: string, record: { name: string }, result: CheckResult) =>
  result.status === 'valid'
    ? `${what}: valid (${record.name})`
    : `${what}: ${result.status}: ${result.error}`;

/**
 * Looks the domain's DKIM, SPF and DMARC records up in DNS (DNS_SERVERS), and the record of each of
 * its other DKIM keys, and records what it finds.
 */
export async function verifySendingDomain(ctx: Context, options: Record<string, unknown>) {
  const { email, domain } = parseOptions(domainOptions, options);
  const viewer = await viewerOf(ctx, email);
  const { checks } = await ctx.sendingDomains.verify(viewer, domain, {
    dkim_verify: true,
    spf_verify: true,
    dmarc_verify: true,
  });
  const lines = Object.entries(checks).map(([kind, check]) => lineOf(kind, check.record, check.result));
  for (const key of await ctx.dkimKeys.list(viewer, domain)) {
    if (key.isDefault) continue;
    const { record, result } = await ctx.dkimKeys.verify(viewer, domain, key.id);
    lines.push(lineOf(`dkim key ${key.id}`, record, result));
  }
  return lines;
}
