import type {
  ApiKeyCreated,
  AuthorizedRecipient,
  AuthorizedRecipientList,
  SandboxData,
  SandboxMessage,
  SandboxMessageList,
  TransmissionAccepted,
  TransmissionRequest,
} from '@app/contract';
import { http } from '@app/shared';

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

export const sendTransmission = (body: TransmissionRequest) =>
  http.transactional.post<{ results: TransmissionAccepted }>('/transmissions', body, { quiet: true });

export const createSnippetKey = (label: string) =>
  http.transactional.post<{ results: ApiKeyCreated }>('/api-keys', {
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
export const messageSource = (id: string) =>
  http.config
    .blob(`/sandbox/messages/${encodeURIComponent(id)}/raw`, { quiet: true })
    .then((blob) => blob.text());

export const attachmentPath = (id: string, index: number) =>
  `/sandbox/messages/${encodeURIComponent(id)}/attachments/${index}`;

export const sourcePath = (id: string) => `/sandbox/messages/${encodeURIComponent(id)}/raw`;
