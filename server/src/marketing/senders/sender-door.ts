import type { Db } from '../../db/db.ts';
import { createSenderStore } from './sender-store.ts';

/** A sender as a campaign sends From it. */
export interface CampaignSender {
  email: string;
  name: string;
  replyTo: string | null;
  /** Someone at the address followed the validation link: mail may go From it. */
  validated: boolean;
}

/** What other marketing areas may know of the company's senders (campaigns send From them). */
export interface SenderDoor {
  /** The company's sender `id`; undefined when the company has none with that id. */
  find(companyId: string, id: string): Promise<CampaignSender | undefined>;
}

export function senderDoorOf(db: Db): SenderDoor {
  const senders = createSenderStore(db);
  return {
    async find(companyId, id) {
      const row = await senders.get(db, companyId, id);
      return (
        row && {
          email: row.email,
          name: row.name,
          replyTo: row.reply_to,
          validated: row.validated_at !== null,
        }
      );
    },
  };
}
