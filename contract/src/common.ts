import { z } from 'zod';
import { errorCodes } from './codes.ts';

/** Wraps a payload schema in the console success envelope `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  payload: z
    .object({
      field: z.string().optional(),
      value: z.unknown().optional(),
      cause: z.string().optional(),
      feature: z.string().optional(),
      subfeature: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const newPasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a digit');

/** A password being checked, not chosen: no strength rules, only a sane length. */
export const currentPasswordSchema = z.string().min(1, 'Password is required').max(1024);

export const totpCodeSchema = z.string().regex(/^[0-9]{6}$/, 'The code has 6 digits');

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number (digits, spaces, + ( ) -)');

/** Body of `{ data: true }` answers (logout, forget-password, ...). */
export const okData = z.literal(true);
