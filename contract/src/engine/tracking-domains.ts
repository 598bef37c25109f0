import { z } from 'zod';
import { booleanQuery } from './query.ts';
import { domainName, verificationStatus } from './sending-domains.ts';

/** SparkPost's `POST /tracking-domains` body (`default` is our addition: only false is possible before verification). */
export const trackingDomainCreateBody = z.object({
  domain: domainName,
  secure: z.boolean().default(false),
  default: z.boolean().default(false),
});

export const trackingDomainUpdateBody = z.object({
  secure: z.boolean().optional(),
  default: z.boolean().optional(),
});

export const trackingDomainListQuery = z.object({
  default: booleanQuery.optional(),
  /** Comma-separated subaccount ids (0 the master account). */
  subaccounts: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be subaccount ids separated by commas')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

/** What the last check of a managed certificate found ("unknown" when the certificate is not managed here). */
export const tlsStatus = z.enum(['unknown', 'unavailable', 'pending', 'failed', 'expired', 'valid']);

export const trackingDomainStatus = z.object({
  verified: z.boolean(),
  cname_status: verificationStatus,
  compliance_status: z.enum(['pending', 'valid', 'blocked']),
  tls_status: tlsStatus,
  /** Our addition: why the managed certificate is not valid, as the last check found. */
  tls_error: z.string().optional(),
});

/** The certificate that answered the last check of a managed domain. */
export const tlsCertificate = z.object({
  issued_at: z.string(),
  expires_at: z.string(),
  /** SparkPost's ACME error codes: this server runs no ACME client, so always null. */
  error_code: z.null(),
});

/** The CNAME the owner publishes; after a verification that failed, `cname_error` says why (our addition). */
export const trackingDomainDns = z.object({
  cname_record: z.string(),
  cname_value: z.string(),
  cname_error: z.string().optional(),
  /** On a verify answer: the target found, when it is not this server's host. */
  cname_found: z.string().optional(),
});

export const trackingDomainView = z.object({
  domain: z.string(),
  port: z.number(),
  secure: z.boolean(),
  default: z.boolean(),
  status: trackingDomainStatus,
  /** Only on a subaccount's domain. */
  subaccount_id: z.number().optional(),
  uses_managed_certificate: z.boolean(),
  /** Once a check has seen the domain's certificate. */
  tls_certificate: tlsCertificate.optional(),
  /** Our addition on GET one and verify: the record to publish. */
  dns: trackingDomainDns.optional(),
});

export const trackingDomainVerifyResult = trackingDomainStatus.extend({ dns: trackingDomainDns.optional() });

export const certificateEnabled = z.object({ message: z.string() });

export const certificateCheckResult = z.object({
  domain: z.string(),
  supportsManagedCertificate: z.boolean(),
  /** Our addition: why not, in words for the owner. */
  reason: z.string().optional(),
});

export type TrackingDomainView = z.output<typeof trackingDomainView>;
export type TrackingDomainVerifyResult = z.output<typeof trackingDomainVerifyResult>;
