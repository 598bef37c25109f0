import { domainOf } from './recipients.ts';

/** The `<id@domain>` Message-ID of a generated message. */
export const messageIdFor = (id: string, fromEmail: string) =>
  `<${id}@${domainOf(fromEmail) || 'localhost'}>`;
