import { z } from 'zod';
import {
  currentPasswordSchema,
  emailSchema,
  newPasswordSchema,
  phoneSchema,
  totpCodeSchema,
} from '../common.ts';

const captcha = z.string().max(4096).optional();

export const registerBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  company: z.string().trim().min(1, 'Company name is required').max(200),
  phone: phoneSchema,
  captcha,
});
export const registerData = z.object({ email: z.string() });

export const validateBody = z.object({
  token: z.string().min(1),
  email: z.string().optional(),
  authUserId: z.string().optional(),
});
export const validateData = z.object({ email: z.string(), validated: z.literal(true) });

export const revalidateBody = z.object({ email: emailSchema });

export const signinBody = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  logoutFromOthers: z.boolean().optional(),
  captcha,
});
export const signinData = z.object({
  accessToken: z.string(),
  /** true: the token is at the second-factor stage and only /users/validate-2fa upgrades it. */
  twoFactor: z.boolean(),
});

export const secondFactorBody = z.object({ code: totpCodeSchema });

/** A recovery code as shown at enrolment (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const recoveryCodeBody = z.object({
  recoveryCode: z
    .string()
    .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'A recovery code has 10 letters and digits, like abcde-23456')),
});
export const accessTokenData = z.object({ accessToken: z.string() });

export const twoFactorSetupData = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export const twoFactorEnableBody = z.object({ code: totpCodeSchema });
/** Enrolment done: the recovery codes, shown this once (only their hashes are kept). */
export const twoFactorEnabledData = z.object({
  enabled: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export const twoFactorDisableBody = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
export const twoFactorStateData = z.object({ enabled: z.boolean() });

export const forgetPasswordBody = z.object({ email: emailSchema, captcha });
export const resetPasswordBody = z.object({ token: z.string().min(1), newPassword: newPasswordSchema });

export const oauthStartQuery = z.object({
  successRedirectUrl: z.string().min(1),
  errorRedirectUrl: z.string().min(1),
  ref: z.string().max(200).optional(),
});
export const oauthCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export type RegisterBody = z.input<typeof registerBody>;
export type SigninBody = z.input<typeof signinBody>;
export type SigninData = z.output<typeof signinData>;
export type TwoFactorSetupData = z.output<typeof twoFactorSetupData>;
export type TwoFactorEnabledData = z.output<typeof twoFactorEnabledData>;

/** true while the token is at the second-factor stage; false once fully signed in (§4). */
export const checkTokenData = z.boolean();

/** The reset form in the browser: the new password typed twice (only `newPassword` is sent). */
export const resetPasswordForm = z
  .object({ newPassword: newPasswordSchema, confirm: z.string() })
  .refine((form) => form.newPassword === form.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });
