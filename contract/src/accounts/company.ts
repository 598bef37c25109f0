import { z } from 'zod';
import { type ConsoleProfile, consoleProfiles } from '../features/profiles.ts';
import { companyToggles } from './company-toggles.ts';
import { permissions } from './team.ts';
import { environmentSchema } from './users.ts';

export { type ConsoleProfile, consoleProfiles };

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  industry: z.string(),
  website: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  sandbox: z.boolean(),
  environment: environmentSchema,
  productionStatus: z.string(),
  /** Team text like "(UTC+07:00) Bangkok, Hanoi, Jakarta"; the offset is read from it (§9). */
  timezone: z.string(),
  country: z.string(),
  language: z.string(),
  /** The caller's role in this company. */
  role: z.string(),
  /** What the caller's role may change (team.ts); the console hides or disables the rest. */
  permissions: z.array(z.enum(permissions)),
  /** §6 restricted console profile the operator set for the company; null is the full console. */
  consoleProfile: z.enum(consoleProfiles).nullable(),
  /** §6 per-company toggles the operator turned on. */
  toggles: z.array(z.enum(companyToggles)),
  /** §3 the team's autoLinkUtm: its campaigns' links carry UTM parameters. */
  autoLinkUtm: z.boolean(),
});

/** `PATCH /v1/companies/settings`: the team's settings the console changes. */
export const companySettingsBody = z.object({ autoLinkUtm: z.boolean() }).strict();

export type Company = z.output<typeof companySchema>;
