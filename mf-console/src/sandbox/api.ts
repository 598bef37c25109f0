import {
  $token,
  type AuthorizedRecipient,
  type AuthorizedRecipientList,
  http,
  runtimeConfig,
  type SandboxData,
  type SandboxMessage,
  type SandboxMessageList,
  showToast,
} from '@app/shared';

// ---- sandbox data (environment, quota, how to send) ----------------------------------------

export const loadSandboxData = () => http.config.get<SandboxData>('/on-boarding/sandbox-data');

// ---- authorized recipients ------------------------------------------------------------------

export const listRecipients = () => http.config.get<AuthorizedRecipientList>('/authorized-recipient');

export const addRecipients = (emails: string[]) =>
  http.config.post<AuthorizedRecipientList & { added: string[] }>(
    '/authorized-recipient',
    { emails },
    { quiet: true },
  );

export const resendVerification = (email: string) =>
  http.config.post<AuthorizedRecipient>('/authorized-recipient/resend-email', { email });

export const deleteRecipient = (id: string) =>
  http.config.delete<true>(`/authorized-recipient/${encodeURIComponent(id)}`);

// ---- sending through the engine ---------------------------------------------------------------

export interface TransmissionBody {
  recipients: Array<{ address: { email: string } }>;
  content: { from: string | { email: string; name?: string }; subject: string; text?: string; html?: string };
}

export interface TransmissionResult {
  results: { id: string; total_accepted_recipients: number; total_rejected_recipients: number };
}

export const sendTransmission = (body: TransmissionBody) =>
  http.transactional.post<TransmissionResult>('/transmissions', body, { quiet: true });

export interface CreatedKey {
  results: { id: string; key: string; label: string; short_key: string };
}

export const createSnippetKey = (label: string) =>
  http.transactional.post<CreatedKey>('/api-keys', {
    label,
    grants: ['transmissions/modify', 'transmissions/view', 'smtp/inject'],
  });

// ---- sandbox inbox ----------------------------------------------------------------------------

export const listMessages = (query: {
  page: number;
  size: number;
  search?: string;
  transmissionId?: string;
}) => {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.search) params.set('search', query.search);
  if (query.transmissionId) params.set('transmissionId', query.transmissionId);
  // Quiet: the inbox reads itself every few seconds and shows a failure once, in the page.
  return http.config.get<SandboxMessageList>(`/sandbox/messages?${params}`, { quiet: true });
};

export const getMessage = (id: string) =>
  http.config.get<SandboxMessage>(`/sandbox/messages/${encodeURIComponent(id)}`, { quiet: true });

export const deleteMessage = (id: string) =>
  http.config.delete<true>(`/sandbox/messages/${encodeURIComponent(id)}`);

export const deleteAllMessages = () => http.config.delete<{ deleted: number }>('/sandbox/messages');

/** A non-JSON answer of the config API (a message's source, an attachment), with the session. */
async function fetchConfig(path: string): Promise<Response> {
  const token = $token.get();
  const response = await fetch(`${runtimeConfig().bases.config}${path}`, {
    credentials: 'same-origin',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
  return response;
}

export const messageSource = (id: string) =>
  fetchConfig(`/sandbox/messages/${encodeURIComponent(id)}/raw`).then((response) => response.text());

/**
 * Saves a file of the inbox (source or attachment) through a temporary object URL; a failure (a
 * message deleted meanwhile, an ended session) is said in a toast.
 */
export async function download(path: string, filename: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await (await fetchConfig(path)).blob();
  } catch (error) {
    showToast({
      type: 'danger',
      title: 'Download failed',
      message: `${filename} could not be downloaded (${(error as Error).message}). Reload the page and try again.`,
    });
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const attachmentPath = (id: string, index: number) =>
  `/sandbox/messages/${encodeURIComponent(id)}/attachments/${index}`;

export const sourcePath = (id: string) => `/sandbox/messages/${encodeURIComponent(id)}/raw`;
