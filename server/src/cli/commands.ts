import { companyToggles } from '@app/contract/accounts/company-toggles';
import { consoleProfiles, emailSchema, newPasswordSchema } from '@app/contract/schemas';
import { z } from 'zod';
import type { PasswordHasher } from '../accounts/auth/passwords.ts';
import { endResetLinks } from '../accounts/auth/reset-links.ts';
import { revokeUserSessions } from '../accounts/auth/sessions.ts';
import { forgetFailedSignins } from '../accounts/auth/signin-throttle.ts';
import type { AccountStores } from '../accounts/create-accounts.ts';
import { catalogueLimitNames, setCompanyLimit } from '../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../clock.ts';
import { type Db, notify } from '../db/db.ts';
import type { ApiKeyStore } from '../engine/api-keys/api-key-store.ts';
import { environmentChanged } from '../engine/sandbox/sandbox-rules.ts';
import { planChanged } from '../engine/usage/usage-meter.ts';
import { apiKeyGrants, isApiKeyGrant } from '../grants.ts';
import { parseOptions } from './parse-options.ts';
import type { SendingDomainContext } from './sending-domain-commands.ts';

/** The process's own stores and services (the server's when the command runs in the server). */
export interface AdminContext extends AccountStores, SendingDomainContext {
  db: Db;
  passwords: PasswordHasher;
  clock: Clock;
  apiKeys: Pick<ApiKeyStore, 'create'>;
}

const companyOptions = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(200),
  email: emailSchema,
  password: newPasswordSchema,
});

/** A company on the FREE plan and its owner, already validated (the operator vouches for the address). */
export async function createCompany(ctx: AdminContext, options: Record<string, unknown>) {
  const { name, email, password } = parseOptions(companyOptions, options);
  const passwordHash = await ctx.passwords.hash(password);
  const ids = await ctx.createCompany({
    companyName: name,
    phone: '',
    email,
    passwordHash,
    validated: true,
    now: ctx.clock.now(),
  });
  return { ...ids, email };
}

const apiKeyOptions = z.object({
  email: emailSchema,
  label: z.string().trim().min(1, 'A label is required').max(1024),
  grants: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((grant) => grant.trim()) : [...apiKeyGrants]))
    .pipe(z.array(z.string().refine(isApiKeyGrant, { error: `Grants are: ${apiKeyGrants.join(', ')}` }))),
});

/** An API key for the company of the user with this email; grants default to all of them. */
export async function createApiKeyForUser(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, label, grants } = parseOptions(apiKeyOptions, options);
  const companyId = await companyOfUser(ctx, email);
  const key = await ctx.apiKeys.create({
    companyId,
    label,
    grants: grants.filter(isApiKeyGrant),
  });
  return { id: key.id, key: key.secret, grants };
}

async function companyOfUser(ctx: AdminContext, email: string): Promise<string> {
  const companyId = await ctx.users.companyOf(email);
  if (!companyId) throw new Error(`--email: no user with email ${email}`);
  return companyId;
}

const planOptions = z.object({ email: emailSchema, plan: z.string().trim().min(1, 'A plan id is required') });

/** Moves the user's company to another plan, e.g. UNLIMITED on a self-hosted server. */
export async function setPlan(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, plan } = parseOptions(planOptions, options);
  const companyId = await companyOfUser(ctx, email);
  const known = await ctx.companies.planIds();
  if (!known.includes(plan)) throw new Error(`--plan: plans are ${known.join(', ')}`);
  await ctx.db.transaction(async (tx) => {
    await ctx.companies.setPlan(tx, companyId, plan);
    await notify(tx, planChanged, companyId);
  });
  return { email, plan };
}

const limitOptions = z.object({
  email: emailSchema,
  limit: z.string().trim().min(1, 'A limit name is required'),
  value: z.union(
    [z.enum(['plan', 'unlimited']), z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)],
    'must be a whole number, unlimited, or plan',
  ),
});

/** Sets one company's limit of the plan catalogue (contactLimit, storageLimit...), or gives it its plan's again. */
export async function setLimit(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, limit, value } = parseOptions(limitOptions, options);
  const companyId = await companyOfUser(ctx, email);
  const known = await catalogueLimitNames(ctx.db);
  if (!known.includes(limit)) {
    throw new Error(
      `--limit: the plan catalogue's limits are ${known.join(', ')} (the engine's quotas follow set-plan)`,
    );
  }
  const quota = value === 'plan' ? null : value === 'unlimited' ? -1 : value;
  await setCompanyLimit(ctx.db, companyId, limit, quota);
  return { email, limit, quota };
}

const environmentOptions = z.object({
  email: emailSchema,
  environment: z.enum(['sandbox', 'production'], 'must be sandbox or production'),
});

const consoleProfileOptions = z.object({
  email: emailSchema,
  profile: z.enum([...consoleProfiles, 'none'], `must be one of ${consoleProfiles.join(', ')} or none`),
});

/** §6: restricts the company's console to a profile A–F, or gives it the full console again (none). */
export async function setConsoleProfile(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, profile } = parseOptions(consoleProfileOptions, options);
  const companyId = await companyOfUser(ctx, email);
  await ctx.companies.setConsoleProfile(companyId, profile === 'none' ? null : profile);
  return { email, profile };
}

const toggleOptions = z.object({
  email: emailSchema,
  toggle: z.enum(companyToggles, `must be one of ${companyToggles.join(', ')}`),
  value: z.enum(['on', 'off'], 'must be on or off'),
});

/** §6: turns one of the company's toggles on or off. */
export async function setToggle(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, toggle, value } = parseOptions(toggleOptions, options);
  const companyId = await companyOfUser(ctx, email);
  await ctx.companies.setToggle(companyId, toggle, value === 'on');
  return { email, toggle, value };
}

/** Sets the company's environment without the console's profile-completion steps (operator override). */
export async function setEnvironment(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, environment } = parseOptions(environmentOptions, options);
  const companyId = await companyOfUser(ctx, email);
  await ctx.db.transaction(async (tx) => {
    await ctx.companies.setEnvironment(tx, companyId, environment);
    await notify(tx, environmentChanged, companyId);
  });
  return { email, environment };
}

const resetOptions = z.object({ email: emailSchema, password: newPasswordSchema });

/** Sets a new password, lifts sign-in slowdowns and ends the user's sessions and reset links. */
export async function resetPassword(ctx: AdminContext, options: Record<string, unknown>) {
  const { email, password } = parseOptions(resetOptions, options);
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const userId = await ctx.users.setPasswordByEmail(tx, email, passwordHash);
    if (!userId) throw new Error(`--email: no user with email ${email}`);
    await revokeUserSessions(tx, userId, 'password_reset', now);
    await endResetLinks(tx, userId, now);
    await forgetFailedSignins(tx, email);
  });
  return { email };
}
