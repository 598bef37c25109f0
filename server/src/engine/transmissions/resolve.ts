import type { TransmissionBody } from '@app/contract/engine/index';
import { invalidValue, notFound, subresourceNotFound } from '../../engine-error.ts';
import type { Principal } from '../../principal.ts';
import { messageSizeEstimate } from '../rendering/message-size.ts';
import { checkCompiles, checkRfc822Compiles } from '../rendering/render-pool.ts';
import type { ContentSource } from '../rendering/render-worker.ts';
import {
  CompileError,
  type ContentParts,
  type SnippetContents,
  snippetIdsIn,
} from '../substitution/render.ts';
import { compileFailure, parseFrom } from '../templates/content.ts';
import type { Generation } from './generate.ts';
import { newTransmissionId } from './ids.ts';
import { checkRecipients, type RecipientError } from './recipients.ts';
import { screenDkimKey, screenFromDomain } from './screen.ts';
import { sendDefaults } from './send-defaults.ts';
import type { Environment, SendDeps, StoredTemplate } from './send-deps.ts';

/** Composed messages of one transmission are held and committed together: their total is capped. */
const maxGeneratedBytes = 512 * 1024 * 1024;

/** How far ahead a transmission may be scheduled. */
const maxScheduleMs = 31 * 24 * 60 * 60 * 1000;
/** A start_time this close (or past) sends now. */
const scheduleSlackMs = 60_000;

export interface ResolvedTransmission {
  generation: Generation & Required<Pick<Generation, 'transmission'>>;
  rcptErrors: RecipientError[];
  /** Set when the transmission waits for its start_time. */
  startTime: Date | undefined;
}

type InlineBody = Extract<TransmissionBody['content'], { from: unknown }>;

/** The start_time as a Date, or a 422 in SparkPost's words. */
function parseStartTime(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined || value === 'now') return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    throw invalidValue(
      `options.start_time '${value}' is not an ISO 8601 date-time, e.g. 2026-12-01T08:00:00+00:00`,
    );
  }
  if (time.getTime() - now.getTime() > maxScheduleMs) {
    throw invalidValue('options.start_time may be at most 31 days ahead');
  }
  return time.getTime() - now.getTime() > scheduleSlackMs ? time : undefined;
}

/** Refuses inline content that does not compile (422, code 3000); the render threads keep it compiled. */
async function checkCompilesAtAcceptance(companyId: string, content: ContentSource) {
  try {
    if (content.kind === 'inline') await checkCompiles(companyId, content.parts, content);
    if (content.kind === 'rfc822') {
      await checkRfc822Compiles(companyId, content.source, content.performSubstitutions);
    }
  } catch (error) {
    if (error instanceof CompileError) throw compileFailure(error);
    throw error;
  }
}

/** The stored snippets a content references, by id; none when the engine has no snippet store. */
export async function snippetsFor(
  deps: Pick<SendDeps, 'snippetContents'>,
  principal: Pick<Principal, 'companyId' | 'subaccountId'>,
  parts: ContentParts,
  dataSets: Record<string, unknown>[],
): Promise<SnippetContents> {
  const ids = await snippetIdsIn(parts, dataSets);
  if (ids.length === 0) return {};
  return deps.snippetContents(principal.companyId, principal.subaccountId, ids);
}

function toParts(content: InlineBody): ContentParts {
  const parts: ContentParts = { from: parseFrom(content.from), subject: content.subject };
  if (content.html !== undefined) parts.html = content.html;
  if (content.text !== undefined) parts.text = content.text;
  if (content.amp_html !== undefined) parts.amp_html = content.amp_html;
  if (content.reply_to !== undefined) parts.reply_to = content.reply_to;
  if (content.headers !== undefined) parts.headers = content.headers;
  return parts;
}

/**
 * Checks a transmission request and gathers what generation needs: recipients (inline or a stored
 * list), content (inline, a stored template or RFC 822), options over the template's, and the
 * environment. Throws SparkPost errors for a request that cannot be accepted at all.
 */
export async function resolveTransmission(
  deps: SendDeps,
  principal: Pick<Principal, 'companyId' | 'subaccountId'>,
  body: TransmissionBody,
  /** A scheduled transmission being generated keeps its id. */
  existingId?: string,
  how: {
    /** The console's test send comes From the platform's own address, not one of the account's domains. */
    platformSender?: boolean;
    /** Whose account defaults apply where neither the request nor the template says (send-defaults.ts). */
    channel?: 'rest' | 'smtp';
  } = {},
): Promise<ResolvedTransmission> {
  const { companyId, subaccountId } = principal;
  const now = deps.clock.now();
  const requested = body.options ?? {};
  const startTime = parseStartTime(requested.start_time, now);

  let recipients = Array.isArray(body.recipients) ? body.recipients : undefined;
  if (!Array.isArray(body.recipients)) {
    const listId = body.recipients.list_id;
    recipients = await deps.recipientList(companyId, subaccountId, listId);
    if (!recipients) throw notFound(`recipient list '${listId}' does not exist`);
  }
  const { valid, errors } = await checkRecipients(recipients ?? []);

  let template: StoredTemplate | undefined;
  if ('template_id' in body.content) {
    const { template_id, use_draft_template } = body.content;
    template = await deps.template(companyId, subaccountId, template_id, use_draft_template ?? false);
    if (!template) throw subresourceNotFound(`template '${template_id}' does not exist`);
  }
  const options = { ...(template?.options ?? {}), ...requested } as Record<string, unknown>;
  if (typeof options.ip_pool === 'string' && options.ip_pool !== '') {
    if (!(await deps.ipPoolExists(companyId, options.ip_pool))) {
      throw subresourceNotFound(`ip_pool '${options.ip_pool}' does not exist`);
    }
  }
  const flag = (name: string, fallback: boolean) =>
    typeof options[name] === 'boolean' ? (options[name] as boolean) : fallback;
  const performSubstitutions = flag('perform_substitutions', true);
  const inlineCss = flag('inline_css', false);

  let content: ContentSource;
  const inline = 'from' in body.content ? body.content : undefined;
  const rfc822 = template && 'email_rfc822' in template.content ? template.content.email_rfc822 : undefined;
  if ('email_rfc822' in body.content || rfc822 !== undefined) {
    const source = 'email_rfc822' in body.content ? body.content.email_rfc822 : (rfc822 ?? '');
    content = { kind: 'rfc822', source, performSubstitutions };
  } else {
    const parts = inline ? toParts(inline) : (template?.content as ContentParts);
    content = {
      kind: 'inline',
      parts,
      performSubstitutions,
      inlineCss,
      attachments: inline?.attachments ?? [],
      inlineImages: inline?.inline_images ?? [],
    };
  }
  if (messageSizeEstimate(content) * valid.length > maxGeneratedBytes) {
    throw invalidValue(
      'the messages of this transmission would pass 512 MB in all: send large content to fewer recipients per transmission',
    );
  }
  await checkCompilesAtAcceptance(companyId, content);
  const snippets =
    content.kind === 'inline' && content.performSubstitutions
      ? await snippetsFor(deps, principal, content.parts, [
          template?.substitutionData ?? {},
          body.metadata ?? {},
          body.substitution_data ?? {},
          ...valid.flatMap((recipient) => [recipient.metadata ?? {}, recipient.substitution_data ?? {}]),
        ])
      : {};

  const environment: Environment =
    requested.sandbox === true ? 'sandbox' : await deps.environmentOf(companyId);
  const dkimKey = typeof options.dkim_key === 'string' ? options.dkim_key : undefined;
  if (!how.platformSender) {
    await screenFromDomain(deps, { companyId, subaccountId, environment, content });
    await screenDkimKey(deps, { companyId, subaccountId, content, dkimKey });
  }
  const id = existingId ?? newTransmissionId();
  const campaignId = body.campaign_id ?? '';
  const defaults = sendDefaults(await deps.accountOptions(companyId), how.channel ?? 'rest');
  const openTracking = flag('open_tracking', defaults.openTracking);
  const clickTracking = flag('click_tracking', defaults.clickTracking);
  // A tracking_domain is checked even with tracking off: naming one that cannot be used is refused.
  const trackingBase =
    deps.tracking && (openTracking || clickTracking || body.tracking_domain !== undefined)
      ? await deps.tracking.base({ companyId, subaccountId }, body.tracking_domain)
      : undefined;
  const generation: ResolvedTransmission['generation'] = {
    transmission: {
      id,
      companyId,
      subaccountId,
      environment,
      campaignId,
      description: body.description ?? '',
      templateId: template?.id ?? null,
      // A stored list is read again when a scheduled transmission is generated, as SparkPost does.
      request: { ...body, recipients: Array.isArray(body.recipients) ? valid : body.recipients },
      startTime: startTime ?? null,
      numRcpts: valid.length,
      numInvalidRcpts: errors.length,
    },
    send: {
      companyId,
      subaccountId,
      environment,
      transmissionId: id,
      campaignId,
      templateId: template?.id ?? null,
      templateVersion: template?.version ?? null,
      ipPool: typeof options.ip_pool === 'string' ? options.ip_pool : '',
      ...(dkimKey === undefined ? {} : { dkimKey }),
      transactional: flag('transactional', defaults.transactional),
      openTracking,
      clickTracking,
      initialOpen: openTracking && flag('initial_open', defaults.initialOpen),
      ...(trackingBase === undefined ? {} : { trackingBase }),
      metadata: body.metadata ?? {},
      injectedAt: now,
    },
    skipSuppression: flag('skip_suppression', false),
    returnPath: body.return_path,
    templateData: template?.substitutionData ?? {},
    substitutionData: body.substitution_data ?? {},
    content,
    snippets,
    recipients: valid,
    ccHeader: Object.entries(inline?.headers ?? {}).find(([name]) => name.toLowerCase() === 'cc')?.[1] ?? '',
  };
  return { generation, rcptErrors: errors, startTime };
}
