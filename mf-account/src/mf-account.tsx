import { routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import type { AppPages } from '../../root-config/src/routing/route-table.ts';
import { AccountSettingPage } from './pages/AccountSettingPage.tsx';
import { CapturedMailPage } from './pages/CapturedMailPage.tsx';
import { CreateMemberPage } from './pages/CreateMemberPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { GoogleRegisteredPage } from './pages/GoogleRegisteredPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { LogoutPage } from './pages/LogoutPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';
import { SurveyPage } from './pages/SurveyPage.tsx';
import { TwoFactorPage } from './pages/TwoFactorPage.tsx';
import { ValidatePage } from './pages/ValidatePage.tsx';
import { VerifyMemberPage } from './pages/VerifyMemberPage.tsx';
import { WelcomePage } from './pages/WelcomePage.tsx';

/** The account screens, by §2 route; the area's other routes arrive later. */
const pages = {
  login: LoginPage,
  signup: SignupPage,
  validate: ValidatePage,
  'two-factor': TwoFactorPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'google-registered': GoogleRegisteredPage,
  logout: LogoutPage,
  'captured-mail': CapturedMailPage,
  'account-setting': AccountSettingPage,
  'create-member': CreateMemberPage,
  'verify-member': VerifyMemberPage,
  welcome: WelcomePage,
  survey: SurveyPage,
} satisfies AppPages<'@app/mf-account'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});
