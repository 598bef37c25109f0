import type { User } from '@app/contract/schemas';

export interface UserRow {
  id: string;
  email: string;
  role: string;
  validated: boolean;
  fullname: string;
  firstname: string;
  lastname: string;
  image: string;
  phone: string;
  hour_format: '12' | '24';
  language: string;
  tours: Record<string, boolean>;
  hints_complete: boolean;
  hints: Record<string, unknown>;
  toggle_contact: boolean;
  policy_version: string;
  last_product_update: string;
  totp_enabled: boolean;
  timezone: string;
}

export const userColumns = `id, email, role, validated, fullname, firstname, lastname, image, phone, hour_format,
  language, tours, hints_complete, hints, toggle_contact, policy_version, last_product_update, totp_enabled, timezone`;

export function toUser(row: UserRow): User {
  return {
    userId: row.id,
    fullname: row.fullname,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    image: row.image,
    phone: row.phone,
    time: row.hour_format,
    language: row.language,
    tours: row.tours,
    hints: { complete: row.hints_complete, data: row.hints },
    validate: row.validated,
    toggleContact: row.toggle_contact,
    policyVersion: row.policy_version,
    lastProductUpdate: row.last_product_update,
    twoFactorEnabled: row.totp_enabled,
    role: row.role,
    timezone: row.timezone,
  };
}
