import type { Contact, NewContact } from '@app/contract/marketing/contacts';
import type { SubscriberSetting } from '@app/contract/marketing/subscriber-settings';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import type { MarketingEngine } from '../../../engine/interfaces.ts';
import type { CompanyDoor } from '../../company-door.ts';
import type { ContactService } from '../contact-service.ts';
import { erasureStore } from '../erasure-store.ts';
import { subscriberSettingStore } from './subscriber-setting-store.ts';
import { subscriptionStore } from './subscription-store.ts';

export interface SubscriptionServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  engine: Pick<MarketingEngine, 'suppressForMarketing' | 'liftMarketingSuppression'>;
  contacts: ContactService;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

/**
 * §7 /contacts subscribe, unsubscribe, resubscribe, in step with the engine's non-transactional
 * suppression list: an unsubscribe puts the address on it (so no marketing mail goes there, whatever
 * sends it), a resubscribe lifts it. The engine's own entries (unsubscribe links, bounces, complaints)
 * come back to the contacts through the suppression follower.
 */
export function createSubscriptionService(deps: SubscriptionServiceDeps) {
  const { db, clock, company, engine, contacts } = deps;

  const setStatus = (companyId: string, email: string, status: Contact['status']) =>
    db.transaction(async (tx) => {
      await company.lock(tx, companyId);
      await subscriptionStore.setStatus(tx, companyId, email, status, clock.now());
      // The person asked to be mailed again: an earlier erasure of the address no longer holds.
      if (status === 'subscribed') await erasureStore.lift(tx, companyId, email);
    });

  return {
    /** Adds the contact, or answers the one there is as it is: only a resubscribe changes an unsubscribed contact. */
    async subscribe(companyId: string, body: NewContact): Promise<Contact> {
      const existing = await contacts.lookup(companyId, body.email);
      return existing ?? contacts.create(companyId, body);
    },

    /** `source`: the team unsubscribed the contact (Manually Added), or the reader did (Unsubscribe Link). */
    async unsubscribe(
      companyId: string,
      email: string,
      source: 'Manually Added' | 'Unsubscribe Link' = 'Manually Added',
    ): Promise<Contact> {
      const contact = await contacts.find(companyId, email);
      await engine.suppressForMarketing(companyId, email, source);
      // A bounced or complained contact keeps saying so.
      if (contact.status === 'subscribed' || contact.status === 'pending')
        await setStatus(companyId, email, 'unsubscribed');
      return contacts.find(companyId, email);
    },

    async resubscribe(companyId: string, email: string): Promise<Contact> {
      const contact = await contacts.find(companyId, email);
      if (contact.status === 'complained') {
        throw new DomainError('state', 'A contact who reported your mail as spam cannot be resubscribed');
      }
      if (!(await engine.liftMarketingSuppression(companyId, email))) {
        throw new DomainError(
          'state',
          'The address stays on the suppression list: a compliance entry cannot be lifted',
        );
      }
      await setStatus(companyId, email, 'subscribed');
      return contacts.find(companyId, email);
    },

    /** The reader reported the mail as unwanted: never mailed again, and never resubscribed. */
    async complain(companyId: string, email: string): Promise<Contact> {
      await contacts.find(companyId, email);
      await engine.suppressForMarketing(companyId, email, 'Spam Complaint');
      await setStatus(companyId, email, 'complained');
      return contacts.find(companyId, email);
    },

    setting: (companyId: string) => subscriberSettingStore.get(db, companyId),

    async saveSetting(companyId: string, setting: SubscriberSetting): Promise<SubscriberSetting> {
      await subscriberSettingStore.save(db, companyId, setting, clock.now());
      return setting;
    },
  };
}
