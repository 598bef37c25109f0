import type { AccountOptions, SparkpostRecipient } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { ReportError } from '../../report-error.ts';
import type { IngestWriter } from '../messages/ingest.ts';
import type { ContentParts, SnippetContents } from '../substitution/render.ts';
import type { ChargeResult, QuotaCharge } from '../usage/usage-meter.ts';

export type Environment = 'sandbox' | 'production';

export interface StoredTemplate {
  id: string;
  version: number;
  content: ContentParts | { email_rfc822: string };
  options: Record<string, unknown>;
  substitutionData: Record<string, unknown>;
}

/** The narrow view the sending code has of the other engine modules (wired in app.ts). */
export interface SendDeps {
  clock: Clock;
  ingest: IngestWriter;
  /** Bookkeeping after a committed send that failed (the send stands). */
  reportError: ReportError;
  /** Whether sends would fit the company's quotas now (nothing is charged). */
  quotaFits(companyId: string, charges: QuotaCharge[]): Promise<ChargeResult>;
  environmentOf(companyId: string): Promise<Environment>;
  /** The account options the company set (PUT /api/v1/account): its sends' defaults. */
  accountOptions(companyId: string): Promise<AccountOptions>;
  /** Lower-cased addresses among `addresses` that are verified authorized recipients of the sandbox. */
  verifiedRecipients(companyId: string, addresses: string[]): Promise<Set<string>>;
  markSandboxSent(companyId: string): Promise<void>;
  /** A subaccount's status (undefined when the company has no such subaccount). */
  subaccountStatus(companyId: string, id: number): Promise<string | undefined>;
  /** Lower-cased addresses on the account's suppression list for that type. */
  suppressed(
    companyId: string,
    subaccountId: number,
    addresses: string[],
    type: 'transactional' | 'non_transactional',
  ): Promise<Set<string>>;
  template(
    companyId: string,
    subaccountId: number,
    templateId: string,
    useDraft: boolean,
  ): Promise<StoredTemplate | undefined>;
  markTemplateUsed(companyId: string, subaccountId: number, templateId: string, at: Date): Promise<void>;
  recipientList(
    companyId: string,
    subaccountId: number,
    listId: string,
  ): Promise<SparkpostRecipient[] | undefined>;
  /** Whether the account may send From `domain` in production: its own or the master's shared sending domain, verified. */
  sendingDomainVerified(companyId: string, subaccountId: number, domain: string): Promise<boolean>;
  /** Whether options.dkim_key `keyId` names a verified key of that domain ('missing': no such key or domain). */
  dkimKeyUse(
    companyId: string,
    subaccountId: number,
    domain: string,
    keyId: string,
  ): Promise<'valid' | 'unverified' | 'missing'>;
  /** The stored snippets among `ids` the account may use (render_snippet), by id; ids with no snippet are left out. */
  snippetContents: (companyId: string, subaccountId: number, ids: string[]) => Promise<SnippetContents>;
  /** Whether the company has an IP pool with this id (case-insensitive; "default" always exists). */
  ipPoolExists(companyId: string, id: string): Promise<boolean>;
  /** Open and click tracking; absent in a process that sends nothing tracked (no SECRET at hand). */
  tracking?: {
    /** trackingKey(SECRET): signs the tracked URLs. */
    key: string;
    /** Where a send's tracked URLs point (tracking-base.ts); throws for a tracking_domain not verified. */
    base(send: { companyId: string; subaccountId: number }, requested: string | undefined): Promise<string>;
  };
}
