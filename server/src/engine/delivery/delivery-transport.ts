import type { DeliveryJob, DeliveryOutcome } from '../../smtp-client/smtp-transport.ts';

export type { DeliveryJob, DeliveryOutcome };

/** What the workers hand messages to: the SMTP client (server/src/smtp-client), or a fake in tests. */
export interface DeliveryTransport {
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
}
