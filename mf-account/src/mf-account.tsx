import { type AppPages, lazyPage, pagePreloader, routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';

/**
 * The account screens, by §2 route; the area's other routes arrive later. Each page is a chunk of
 * its own (lazyPage), fetched when its route opens.
 */
const pages = {
  login: lazyPage(() => import('./pages/LoginPage.tsx').then((m) => m.LoginPage), ['button', 'input']),
  signup: lazyPage(() => import('./pages/SignupPage.tsx').then((m) => m.SignupPage), ['button', 'input']),
  validate: lazyPage(() => import('./pages/ValidatePage.tsx').then((m) => m.ValidatePage), ['spinner']),
  'two-factor': lazyPage(
    () => import('./pages/TwoFactorPage.tsx').then((m) => m.TwoFactorPage),
    ['button', 'input'],
  ),
  'forgot-password': lazyPage(
    () => import('./pages/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
    ['button', 'input'],
  ),
  'reset-password': lazyPage(
    () => import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
    ['button', 'input'],
  ),
  'google-registered': lazyPage(
    () => import('./pages/GoogleRegisteredPage.tsx').then((m) => m.GoogleRegisteredPage),
    [],
  ),
  logout: lazyPage(() => import('./pages/LogoutPage.tsx').then((m) => m.LogoutPage), ['spinner']),
  'captured-mail': lazyPage(
    () => import('./pages/CapturedMailPage.tsx').then((m) => m.CapturedMailPage),
    ['button', 'spinner'],
  ),
  'account-setting': lazyPage(
    () => import('./pages/AccountSettingPage.tsx').then((m) => m.AccountSettingPage),
    ['button', 'checkbox', 'input', 'skeleton', 'switch', 'tag'],
  ),
  'create-member': lazyPage(
    () => import('./pages/CreateMemberPage.tsx').then((m) => m.CreateMemberPage),
    ['button', 'input'],
  ),
  'verify-member': lazyPage(
    () => import('./pages/VerifyMemberPage.tsx').then((m) => m.VerifyMemberPage),
    ['button', 'input', 'spinner'],
  ),
  welcome: lazyPage(() => import('./pages/WelcomePage.tsx').then((m) => m.WelcomePage), ['button', 'tag']),
  survey: lazyPage(() => import('./pages/SurveyPage.tsx').then((m) => m.SurveyPage), ['button', 'checkbox']),
} satisfies AppPages<'@app/mf-account'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});

export const preloadPage = pagePreloader(pages);
