import { isEmailAddress } from '@app/contract/engine/index';
import { holdsGrant } from '../../grants.ts';
import type { ApiKeyStore } from '../api-keys/api-key-store.ts';
import { readHeaderFields } from '../messages/header-fields.ts';
import type { SubaccountStore } from '../subaccounts/subaccount-store.ts';
import { newTransmissionId } from '../transmissions/ids.ts';
import { resolveTransmission } from '../transmissions/resolve.ts';
import { screenDkimKey, screenFromDomain } from '../transmissions/screen.ts';
import { sendDefaults } from '../transmissions/send-defaults.ts';
import type { SendDeps } from '../transmissions/send-deps.ts';
import { submit } from '../transmissions/submit.ts';
import { refusalOf } from './engine-refusals.ts';
import type {
  RelayAuthInput,
  RelayDeps,
  RelayMessage,
  RelayPrincipal,
  RelayRefusal,
  XMsysApi,
} from './relay-deps.ts';

const refuse = (code: number, message: string): RelayRefusal => ({ code, message });

/** Every recipient's copy is stored: a message times its recipients may not pass this. */
const maxStoredBytes = 256 * 1024 * 1024;

/**
 * The business side of the SMTP relay: API-key authentication (`smtp/inject`, valid_ips,
 * subaccount status), sandbox recipient rules at RCPT time, and each accepted message handed to
 * the engine's one `submit` (a copy per recipient, with its events, committed before the 250).
 */
export function createRelayService(deps: {
  apiKeys: ApiKeyStore;
  subaccounts: SubaccountStore;
  send: SendDeps;
}): RelayDeps {
  const { send } = deps;
  // How each session's login is checked again before a message is stored: a key deleted, narrowed
  // or its subaccount suspended while the connection stays open stops the next message.
  const logins = new WeakMap<RelayPrincipal, RelayAuthInput>();

  async function authenticate(input: RelayAuthInput): Promise<RelayPrincipal | RelayRefusal | null> {
    const { subaccountId, password, remoteAddress } = input;
    const check = await deps.apiKeys.check(password, remoteAddress);
    if (!check.ok) {
      return check.reason === 'ip'
        ? refuse(535, `5.7.8 This API key may not be used from ${remoteAddress}`)
        : null;
    }
    const { key } = check;
    if (!holdsGrant(key.grants, 'smtp/inject'))
      return refuse(535, '5.7.8 This API key lacks the smtp/inject grant');
    if (key.subaccountId !== 0 && subaccountId !== undefined && subaccountId !== key.subaccountId) {
      return refuse(535, "5.7.8 A subaccount's key cannot send for another subaccount");
    }
    const account = key.subaccountId !== 0 ? key.subaccountId : (subaccountId ?? 0);
    if (account !== 0) {
      const status = await deps.subaccounts.statusOf(key.companyId, account);
      if (status === undefined) return refuse(535, `5.7.8 Subaccount ${account} does not exist`);
      if (status !== 'active') return refuse(535, `5.7.8 Subaccount ${account} is ${status}`);
    }
    const principal = { companyId: key.companyId, subaccountId: account, keyId: key.id };
    logins.set(principal, input);
    return principal;
  }

  return {
    authenticate,

    async checkRecipient(principal, address) {
      if (!isEmailAddress(address)) return refuse(553, '5.1.3 Bad recipient address syntax');
      if ((await send.environmentOf(principal.companyId)) === 'production') return undefined;
      const verified = await send.verifiedRecipients(principal.companyId, [address]);
      if (verified.has(address.toLowerCase())) return undefined;
      return refuse(550, `5.7.1 <${address}> is not a verified authorized recipient of this sandbox`);
    },

    async submit(principal, message) {
      const login = logins.get(principal);
      const again = login ? await authenticate(login) : null;
      if (again === null || 'code' in again) {
        return refuse(
          550,
          `5.7.8 ${again?.message.replace(/^5\.7\.8 /, '') ?? 'The API key is no longer valid'}`,
        );
      }
      const templateId = message.api?.template_id;
      if (templateId === undefined) return submitMessage(send, principal, message);
      return submitTemplate(send, principal, message, { ...message.api, template_id: templateId });
    },
  };
}

async function submitMessage(
  send: SendDeps,
  principal: RelayPrincipal,
  message: RelayMessage,
): Promise<RelayRefusal | undefined> {
  if (message.raw.length * message.recipients.length > maxStoredBytes) {
    return refuse(
      552,
      '5.3.4 Message too big for this many recipients; send it to fewer recipients at a time',
    );
  }
  if (!readHeaderFields(message.raw).from) return refuse(550, '5.6.0 The message has no From header');
  const api = message.api ?? {};
  const options = api.options ?? {};
  if (options.ip_pool && !(await send.ipPoolExists(principal.companyId, options.ip_pool))) {
    return refuse(550, `5.6.0 X-MSYS-API header is invalid: ip_pool '${options.ip_pool}' does not exist`);
  }
  const environment = options.sandbox === true ? 'sandbox' : await send.environmentOf(principal.companyId);
  const tags = api.tags ?? [];
  // Tracking is off over SMTP unless X-MSYS-API or the account's smtp_tracking_default turns it on, as at SparkPost.
  const defaults = sendDefaults(await send.accountOptions(principal.companyId), 'smtp');
  const openTracking = options.open_tracking ?? defaults.openTracking;
  const clickTracking = options.click_tracking ?? defaults.clickTracking;
  const trackingBase =
    send.tracking && (openTracking || clickTracking)
      ? await send.tracking.base(
          { companyId: principal.companyId, subaccountId: principal.subaccountId },
          undefined,
        )
      : undefined;
  try {
    const content = { kind: 'received', raw: message.raw } as const;
    await screenFromDomain(send, {
      companyId: principal.companyId,
      subaccountId: principal.subaccountId,
      environment,
      content,
    });
    await screenDkimKey(send, {
      companyId: principal.companyId,
      subaccountId: principal.subaccountId,
      content,
      dkimKey: options.dkim_key,
    });
    await submit(send, {
      smtpQueueId: message.queueId,
      send: {
        companyId: principal.companyId,
        subaccountId: principal.subaccountId,
        environment,
        transmissionId: newTransmissionId(),
        campaignId: api.campaign_id ?? '',
        templateId: null,
        templateVersion: null,
        ipPool: options.ip_pool ?? '',
        ...(options.dkim_key === undefined ? {} : { dkimKey: options.dkim_key }),
        transactional: options.transactional ?? defaults.transactional,
        openTracking,
        clickTracking,
        initialOpen: openTracking && (options.initial_open ?? defaults.initialOpen),
        ...(trackingBase === undefined ? {} : { trackingBase }),
        metadata: api.metadata ?? {},
        injectedAt: send.clock.now(),
      },
      skipSuppression: options.skip_suppression ?? false,
      // The null sender `<>` stays the From address's, as before.
      returnPath: message.mailFrom || undefined,
      templateData: {},
      substitutionData: {},
      content,
      snippets: {},
      recipients: message.recipients.map((email) => ({ address: { email }, tags })),
      ccHeader: '',
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  return undefined;
}

/**
 * X-MSYS-API template_id, our extension: the stored template goes to the envelope recipients as a
 * transmission with content.template_id does (same lookup, options over the template's, From domain
 * screening), except that tracking stays off unless asked for, as over SMTP. The DATA is not used.
 */
async function submitTemplate(
  send: SendDeps,
  principal: RelayPrincipal,
  message: RelayMessage,
  api: XMsysApi & { template_id: string },
): Promise<RelayRefusal | undefined> {
  const tags = api.tags ?? [];
  try {
    const { generation } = await resolveTransmission(
      send,
      principal,
      {
        recipients: message.recipients.map((email) => ({ address: { email }, tags })),
        content: { template_id: api.template_id, use_draft_template: api.use_draft_template },
        options: api.options,
        campaign_id: api.campaign_id,
        metadata: api.metadata,
        substitution_data: api.substitution_data,
        // The null sender `<>` leaves the return path to the template's From, as for a received message.
        return_path: message.mailFrom || undefined,
      },
      undefined,
      { channel: 'smtp' },
    );
    // A relayed message has no /api/v1 transmission row.
    const { transmission: _row, ...relayed } = generation;
    await submit(send, { ...relayed, smtpQueueId: message.queueId });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  return undefined;
}
