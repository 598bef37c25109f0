import { $currentRoute, AreaNotAvailable, reactLifecycles } from '@app/shared';
import { useStore } from '@nanostores/react';
import type { ComponentType } from 'react';
import { AccountSettingPage } from './pages/AccountSettingPage.tsx';
import { CapturedMailPage } from './pages/CapturedMailPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { GoogleRegisteredPage } from './pages/GoogleRegisteredPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { LogoutPage } from './pages/LogoutPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';
import { TwoFactorPage } from './pages/TwoFactorPage.tsx';
import { ValidatePage } from './pages/ValidatePage.tsx';

const pages: Record<string, ComponentType> = {
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
};

/** Account screens, chosen by the §2 route the shell matched; the rest of the area comes later. */
function App() {
  const route = useStore($currentRoute);
  const Page = route ? pages[route.name] : undefined;
  return Page ? <Page /> : <AreaNotAvailable title={route?.title ?? 'Account'} />;
}

export const { bootstrap, mount, unmount } = reactLifecycles(App);
