import type { RouteDef } from './route-types.ts';

const account = '@app/mf-account';

/** Signing in and up, password reset and the other account pages. */
export const accountRoutes = [
  { name: 'login', path: '/login', title: 'Login', app: account, access: 'guest' },
  { name: 'signup', path: '/signup', title: 'Sign Up', app: account, access: 'guest' },
  {
    name: 'google-registered',
    path: '/google-registered',
    title: 'Google Registered',
    app: account,
    access: 'public',
  },
  { name: 'logout', path: '/logout', title: 'Logout', app: account, access: 'public' },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    title: 'Forgot Password',
    app: account,
    access: 'public',
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    title: 'Reset Password',
    app: account,
    access: 'public',
  },
  { name: 'validate', path: '/validate', title: 'Email Confirmation', app: account, access: 'public' },
  {
    name: 'two-factor',
    path: '/two-factor',
    title: 'Two-Factor Authentication',
    app: account,
    access: 'protected',
    tokenStage: '2fa',
  },
  { name: 'captured-mail', path: '/captured-mail', title: 'Captured Mail', app: account, access: 'public' },
  {
    name: 'verify-member',
    path: '/verify/member/:id',
    title: 'Verify Member',
    app: account,
    access: 'public',
  },
  { name: 'welcome', path: '/welcome', title: 'Welcome', app: account, access: 'protected' },
  { name: 'survey', path: '/survey', title: 'Survey', app: account, access: 'protected' },
  {
    name: 'account-setting',
    path: '/account-setting',
    title: 'Account Setting',
    app: account,
    access: 'protected',
  },
  {
    name: 'create-member',
    path: '/create-member',
    title: 'Create Member',
    app: account,
    access: 'protected',
  },
] as const satisfies readonly RouteDef[];
