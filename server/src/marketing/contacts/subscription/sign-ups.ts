import type { Contact, ContactFieldValue } from '@app/contract/marketing/contacts';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import type { CompanyDoor } from '../../company-door.ts';
import type { ContactService } from '../contact-service.ts';
import type { ContactConsent } from '../contact-store.ts';
import { erasureStore } from '../erasure-store.ts';
import type { SubscriptionService } from './subscription-service.ts';
import { subscriptionStore } from './subscription-store.ts';

/** What a visitor gave a form that saves contacts. */
export interface SignUp {
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** Custom field values by tag. */
  fields: Record<string, ContactFieldValue>;
  /** Label ids the contact joins. */
  labels: readonly string[];
  /** The answers may change an existing contact's names and fields. */
  allowUpdate: boolean;
  consent: ContactConsent;
}

export interface SignUpsDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  contacts: ContactService;
  subscriptions: Pick<SubscriptionService, 'resubscribe'>;
}

export type SignUps = ReturnType<typeof createSignUps>;

/**
 * Contacts from a form's sign-ups. With double opt-in nothing of an existing contact changes until the
 * visitor follows the confirmation link (a bot could type anyone's address): only a new address becomes
 * a pending contact, in the form's labels. The confirmation then applies the answers and subscribes:
 * an unsubscribed contact is resubscribed (its suppression lifted), a bounced or complained one keeps
 * its status.
 */
export function createSignUps(deps: SignUpsDeps) {
  const { db, clock, company, contacts, subscriptions } = deps;

  const newContact = (signUp: SignUp) => ({
    email: signUp.email,
    firstname: signUp.firstname ?? null,
    lastname: signUp.lastname ?? null,
    phone: signUp.phone ?? null,
    fields: signUp.fields,
    labels: [...signUp.labels],
  });

  /**
   * The sign-up's labels (and, when it may update, what it answered: a name or field the form did not
   * ask keeps its value) on an existing contact.
   */
  const applyTo = async (companyId: string, contact: Contact, signUp: SignUp) => {
    const labels = [...new Set([...contact.labels.map((label) => label.id), ...signUp.labels])];
    const answered = {
      ...(signUp.firstname ? { firstname: signUp.firstname } : {}),
      ...(signUp.lastname ? { lastname: signUp.lastname } : {}),
      ...(signUp.phone ? { phone: signUp.phone } : {}),
      ...(Object.keys(signUp.fields).length > 0 ? { fields: signUp.fields } : {}),
    };
    await contacts.update(companyId, contact.id, signUp.allowUpdate ? { ...answered, labels } : { labels });
  };

  /** Adds the sign-up's contact; false when the company has the address already. */
  const create = async (companyId: string, signUp: SignUp, status: 'pending' | 'subscribed') => {
    try {
      await contacts.add(companyId, newContact(signUp), { source: 'form', status, consent: signUp.consent });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'duplicate') return false;
      throw error;
    }
  };

  return {
    /** A submission without double opt-in: the contact is added subscribed, or the existing one gets the answers. */
    async saveNow(companyId: string, signUp: SignUp): Promise<void> {
      if (await create(companyId, signUp, 'subscribed')) return;
      await applyTo(companyId, await contacts.find(companyId, signUp.email), signUp);
    },

    /** A double opt-in submission: a new address becomes a pending contact; an existing one waits for the confirmation. */
    async awaitConfirmation(companyId: string, signUp: SignUp): Promise<void> {
      await create(companyId, signUp, 'pending');
    },

    /** The visitor followed the confirmation link: the answers apply and the contact is subscribed with this consent. */
    async confirm(companyId: string, signUp: SignUp): Promise<void> {
      const contact =
        (await contacts.lookup(companyId, signUp.email)) ??
        // Deleted meanwhile: the confirmation adds it again.
        ((await create(companyId, signUp, 'pending'))
          ? await contacts.find(companyId, signUp.email)
          : undefined);
      if (!contact) return;
      await applyTo(companyId, contact, signUp);
      if (contact.status === 'unsubscribed') {
        await subscriptions.resubscribe(companyId, signUp.email).catch((error: unknown) => {
          // A compliance entry stays on the suppression list: the contact stays unsubscribed.
          if (!(error instanceof DomainError && error.code === 'state')) throw error;
        });
      }
      await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        if (await subscriptionStore.confirm(tx, companyId, signUp.email, signUp.consent, clock.now())) {
          await erasureStore.lift(tx, companyId, signUp.email);
        }
      });
    },
  };
}
