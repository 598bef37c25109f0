import {
  defaultSubscriberSetting,
  type SubscriberSetting,
} from '@app/contract/marketing/subscriber-settings';
import type { Db } from '../../../db/db.ts';

interface SettingRow {
  double_opt_in: boolean;
  confirmation_subject: string;
  confirmation_text: string;
  preference_text: string;
}

/** The company's Subscriber Setting (contact_subscriber_settings); the defaults until it saves one. */
export const subscriberSettingStore = {
  async get(db: Db, companyId: string): Promise<SubscriberSetting> {
    const row = await db.maybeOne<SettingRow>(
      `SELECT double_opt_in, confirmation_subject, confirmation_text, preference_text
       FROM contact_subscriber_settings WHERE company_id = $1`,
      [companyId],
    );
    if (!row) return defaultSubscriberSetting;
    return {
      doubleOptIn: row.double_opt_in,
      confirmationSubject: row.confirmation_subject,
      confirmationText: row.confirmation_text,
      preferenceText: row.preference_text,
    };
  },

  save: (db: Db, companyId: string, setting: SubscriberSetting, now: Date) =>
    db.query(
      `INSERT INTO contact_subscriber_settings
         (company_id, double_opt_in, confirmation_subject, confirmation_text, preference_text, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (company_id) DO UPDATE SET double_opt_in = EXCLUDED.double_opt_in,
         confirmation_subject = EXCLUDED.confirmation_subject, confirmation_text = EXCLUDED.confirmation_text,
         preference_text = EXCLUDED.preference_text, updated_at = EXCLUDED.updated_at`,
      [
        companyId,
        setting.doubleOptIn,
        setting.confirmationSubject,
        setting.confirmationText,
        setting.preferenceText,
        now,
      ],
    ),
};
