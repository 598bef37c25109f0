import type {
  RegisterBody,
  SigninBody,
  SigninData,
  TwoFactorEnabledData,
  TwoFactorSetupData,
  User,
} from '@app/contract';
import { http, storeToken } from '@app/shared';

/** The account calls of §7 (config API `/v1`). Errors come back as ApiError (see @app/shared). */
export const accountApi = {
  register: (body: RegisterBody) => http.config.post<{ email: string }>('/register', body, { quiet: true }),
  validate: (token: string, email?: string) =>
    http.config.post<{ email: string }>('/validate', { token, email }, { quiet: true }),
  revalidate: (email: string) => http.config.post<true>('/revalidate', { email }, { quiet: true }),
  signin: (body: SigninBody) => http.config.post<SigninData>('/signin', body, { quiet: true }),
  checkTwoFactor: () => http.config.get<boolean>('/checkToken-2FA', { quiet: true }),
  validateTwoFactor: (code: string) =>
    http.config.post<{ accessToken: string }>('/users/validate-2fa', { code }, { quiet: true }),
  useRecoveryCode: (recoveryCode: string) =>
    http.config.post<{ accessToken: string }>(
      '/users/validate-2fa/recovery-code',
      { recoveryCode },
      { quiet: true },
    ),
  forgetPassword: (email: string) => http.config.post<true>('/forget-password', { email }, { quiet: true }),
  resetPassword: (token: string, newPassword: string) =>
    http.config.post<true>('/reset-password', { token, newPassword }, { quiet: true }),
  updateProfile: (body: Partial<User>) => http.config.put<User>('/user', body, { quiet: true }),
  changePassword: (oldPassword: string, newPassword: string) =>
    http.config.post<true>('/users/change-password', { oldPassword, newPassword }, { quiet: true }),
  changeEmail: (email: string, password: string) =>
    http.config.post<unknown>('/users/change-email', { email, password }, { quiet: true }),
  setupTwoFactor: () => http.config.post<TwoFactorSetupData>('/users/2fa/setup', {}, { quiet: true }),
  enableTwoFactor: (code: string) =>
    http.config.post<TwoFactorEnabledData>('/users/2fa/enable', { code }, { quiet: true }),
  disableTwoFactor: (password: string, code: string) =>
    http.config.post<unknown>('/users/2fa/disable', { password, code }, { quiet: true }),
};

/**
 * §4: password login yields a token at the second-factor stage; the token check then tells whether
 * a second factor is still needed (true) or the session is fully logged in (false).
 */
export async function completeSignIn(accessToken: string): Promise<'full' | '2fa'> {
  storeToken(accessToken, '2fa');
  const needsSecondFactor = await accountApi.checkTwoFactor();
  if (needsSecondFactor) return '2fa';
  storeToken(accessToken, 'full');
  return 'full';
}
