import { domainOf } from '@app/contract/engine/email-address';
import { asciiDomain } from '@app/contract/engine/index';

/** A Message-ID in ASCII (the sender's domain in A-labels), whatever the sender's address. */
export const messageIdFor = (id: string, fromEmail: string) =>
  `<${id}@${asciiDomain(domainOf(fromEmail)) ?? 'localhost'}>`;
