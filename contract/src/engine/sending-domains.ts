import { z } from 'zod';
import { booleanQuery } from './query.ts';

/** A domain name as a sending domain takes it: letters, digits and hyphens in dot-separated labels. */
export const domainName = z
  .string()
  .max(253, 'must be at most 253 characters')
  .regex(
    /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
    'must be a domain name such as mail.example.com',
  );

export const verificationStatus = z.enum(['unverified', 'pending', 'invalid', 'valid']);

const selector = z
  .string()
  .max(63, 'must be at most 63 characters')
  .regex(/^[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?$/, 'must be one DNS label: letters, digits, "-" and "_"');
const keyText = z.string().min(1).max(8192);

/** A caller's own DKIM key pair (SparkPost's `dkim` object). */
export const dkimInput = z.object({
  signing_domain: domainName.optional(),
  private: keyText,
  public: keyText,
  selector,
  headers: z.string().max(1024).optional(),
});

export const sendingDomainCreateBody = z.object({
  domain: domainName,
  tracking_domain: domainName.optional(),
  dkim: dkimInput.optional(),
  generate_dkim: z.boolean().default(true),
  dkim_key_length: z.number().int().min(1024).max(4096).default(2048),
  shared_with_subaccounts: z.boolean().default(false),
});

export const sendingDomainUpdateBody = z.object({
  /** An empty string removes it. */
  tracking_domain: z.union([domainName, z.literal('')]).optional(),
  dkim: dkimInput.optional(),
  shared_with_subaccounts: z.boolean().optional(),
  is_default_bounce_domain: z.boolean().optional(),
});

export const sendingDomainVerifyBody = z.object({
  dkim_verify: z.boolean().optional(),
  cname_verify: z.boolean().optional(),
  /** SparkPost's deprecated SPF check, kept: it also tells what the console's unverified-spf list shows. */
  spf_verify: z.boolean().optional(),
  /** Our addition: checks `_dmarc.<domain>`. */
  dmarc_verify: z.boolean().optional(),
  verification_mailbox_verify: z.boolean().optional(),
  verification_mailbox: z.string().max(64).optional(),
  postmaster_at_verify: z.boolean().optional(),
  abuse_at_verify: z.boolean().optional(),
  verification_mailbox_token: z.string().max(256).optional(),
  postmaster_at_token: z.string().max(256).optional(),
  abuse_at_token: z.string().max(256).optional(),
});
export type SendingDomainVerifyBody = z.input<typeof sendingDomainVerifyBody>;

export const sendingDomainListQuery = z.object({
  ownership_verified: booleanQuery.optional(),
  dkim_status: verificationStatus.optional(),
  cname_status: verificationStatus.optional(),
  mx_status: verificationStatus.optional(),
  abuse_at_status: verificationStatus.optional(),
  postmaster_at_status: verificationStatus.optional(),
  compliance_status: z.enum(['valid', 'blocked']).optional(),
  is_default_bounce_domain: booleanQuery.optional(),
});

export const sendingDomainStatus = z.object({
  ownership_verified: z.boolean(),
  dkim_status: verificationStatus,
  cname_status: verificationStatus,
  mx_status: verificationStatus,
  spf_status: verificationStatus,
  /** Our addition: what the last dmarc_verify found. */
  dmarc_status: verificationStatus,
  compliance_status: z.enum(['valid', 'blocked']),
  abuse_at_status: verificationStatus,
  postmaster_at_status: verificationStatus,
  verification_mailbox_status: verificationStatus,
});

/** The public half of the DKIM configuration: the private key is never shown. */
export const dkimView = z.object({
  signing_domain: z.string(),
  public: z.string(),
  selector: z.string(),
  headers: z.string(),
});

/**
 * The records to publish, by name and value (the style of SparkPost's DKIM keys API); after a
 * verification, `<kind>_error` says what was wrong with each record that failed and, when a record
 * was there but wrong, `<kind>_found` holds it as found (our addition).
 */
export const sendingDomainDns = z.object({
  dkim_record: z.string().optional(),
  dkim_value: z.string().optional(),
  dkim_error: z.string().optional(),
  dkim_found: z.string().optional(),
  cname_record: z.string().optional(),
  cname_value: z.string().optional(),
  cname_error: z.string().optional(),
  cname_found: z.string().optional(),
  spf_record: z.string().optional(),
  spf_value: z.string().optional(),
  spf_error: z.string().optional(),
  spf_found: z.string().optional(),
  dmarc_record: z.string().optional(),
  dmarc_value: z.string().optional(),
  dmarc_error: z.string().optional(),
  dmarc_found: z.string().optional(),
});

const sendingDomainFields = {
  tracking_domain: z.string().optional(),
  status: sendingDomainStatus,
  shared_with_subaccounts: z.boolean(),
  is_default_bounce_domain: z.boolean(),
  /** On a subaccount's domains only. */
  subaccount_id: z.number().optional(),
  creation_time: z.string(),
};

export const sendingDomainSummary = z.object({ domain: z.string(), ...sendingDomainFields });

/** GET one: SparkPost's object without `domain`, with the DKIM public key and the records to publish. */
export const sendingDomainView = z.object({ ...sendingDomainFields, dkim: dkimView, dns: sendingDomainDns });

export const sendingDomainCreated = z.object({
  message: z.string(),
  domain: z.string(),
  dkim: dkimView.optional(),
});

export const sendingDomainVerifyResult = sendingDomainStatus.extend({ dns: sendingDomainDns.optional() });

/** A DKIM key's id (SparkPost's keys API): "default" names the domain's own key and is reserved. */
export const dkimKeyId = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
    'must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit',
  );

/** `POST /sending-domains/{domain}/dkim-keys`: generated unless private, public and selector are all given. */
export const dkimKeyCreateBody = z.object({
  id: dkimKeyId,
  signing_domain: domainName.optional(),
  headers: z.string().max(1024).optional(),
  private: keyText.optional(),
  public: keyText.optional(),
  selector: selector.optional(),
  dkim_key_length: z.number().int().min(1024).max(4096).default(2048),
});

/** `PUT …/dkim-keys/{key_id}`: headers and signing_domain alone, or private, public and selector together. */
export const dkimKeyUpdateBody = z.object({
  /** Refused unless it is the key's own: ids never change. */
  id: z.string().max(255).optional(),
  signing_domain: domainName.optional(),
  headers: z.string().max(1024).optional(),
  private: keyText.optional(),
  public: keyText.optional(),
  selector: selector.optional(),
});

/** The TXT record a key is verified by; after a failed verification, why (and what was found). */
export const dkimKeyDns = z.object({
  dkim_record: z.string(),
  dkim_value: z.string(),
  dkim_error: z.string().optional(),
  /** Our addition: the record as found, when one was there but wrong. */
  dkim_found: z.string().optional(),
});

/** SparkPost's DKIM key object; the private key is never shown. */
export const dkimKeyView = z.object({
  id: z.string(),
  signing_domain: z.string(),
  public: z.string(),
  selector: z.string(),
  headers: z.string(),
  dkim_status: verificationStatus,
  is_default: z.boolean(),
  /** The RSA modulus length, read from the public key. */
  dkim_key_length: z.number(),
  /** Not on the default key. */
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  /** On single-key answers only. */
  dns: dkimKeyDns.optional(),
});

export const dkimKeyList = z.object({ results: z.array(dkimKeyView), total_count: z.number() });
export const dkimKeyUpdated = dkimKeyView.extend({ message: z.string() });
export const dkimKeyVerifyResult = z.object({
  id: z.string(),
  dkim_status: verificationStatus,
  dns: dkimKeyDns,
});

/** The console's `GET /domain/sending/unverified-spf`: each domain with the SPF record it should publish. */
export const unverifiedSpfDomain = z.object({
  domain: z.string(),
  spf_status: verificationStatus,
  subaccount_id: z.number(),
  spf_record: z.object({ name: z.string(), type: z.literal('TXT'), value: z.string() }),
});

export type SendingDomainSummary = z.output<typeof sendingDomainSummary>;
export type SendingDomainView = z.output<typeof sendingDomainView>;
export type SendingDomainDns = z.output<typeof sendingDomainDns>;
export type SendingDomainStatus = z.output<typeof sendingDomainStatus>;
export type SendingDomainVerifyResult = z.output<typeof sendingDomainVerifyResult>;
export type UnverifiedSpfDomain = z.output<typeof unverifiedSpfDomain>;
export type DkimKeyView = z.output<typeof dkimKeyView>;

export const sendingDomainUpdated = z.object({ message: z.string(), domain: z.string() });

/** `/api/v1/sending-domains/{domain}/dkim-keys/{key_id}`. */
export const dkimKeyParams = z.object({
  domain: z.string().min(1).max(253),
  key_id: z.string().min(1).max(255),
});
