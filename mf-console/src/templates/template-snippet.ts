import { curlTransmission } from '../sandbox/snippets.ts';

export const sampleRecipient = 'recipient@example.com';

/** The body of POST /transmissions that sends a stored template to one recipient with its data. */
export function templateTransmission(templateId: string, data: Record<string, unknown> | undefined) {
  return {
    recipients: [
      {
        address: { email: sampleRecipient },
        ...(data && Object.keys(data).length > 0 ? { substitution_data: data } : {}),
      },
    ],
    content: { template_id: templateId },
  };
}

/** The curl command of /template/created/:id, built like the configuration page's snippets. */
export const templateCurlSnippet = (
  apiBaseUrl: string,
  apiKey: string,
  templateId: string,
  data: Record<string, unknown> | undefined,
) => curlTransmission(apiBaseUrl, apiKey, templateTransmission(templateId, data));
