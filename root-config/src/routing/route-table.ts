import type { ComponentType } from 'react';
import type { RouteApp, RouteDef } from './route-types.ts';

const consoleApp = '@app/mf-console';
const account = '@app/mf-account';
const editor = '@app/mf-editor';

/**
 * The §2 transactional console route table plus the shell and account pages the console needs.
 * Composer paths are not given by §2; they are decided here (see the compose entries).
 */
const table = [
  // Shell
  { name: 'homepage', path: '/', title: 'Home', app: 'shell', access: 'protected', redirect: '/analytic' },
  { name: 'loading', path: '/loading', title: 'Loading', app: 'shell', access: 'protected' },
  { name: 'loading-data', path: '/loading-data', title: 'Loading Data', app: 'shell', access: 'protected' },
  {
    name: 'page-loading',
    path: '/page/loading',
    title: 'Loading',
    app: 'shell',
    access: 'protected',
    redirect: '/analytic',
  },
  { name: 'error', path: '/error', title: 'Error', app: 'shell', access: 'public' },
  { name: 'err', path: '/err', title: 'Error', app: 'shell', access: 'public' },
  {
    name: 'domain',
    path: '/domain',
    title: 'Domain',
    app: 'shell',
    access: 'protected',
    redirect: '/domain/sending',
  },

  // Account
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

  // Transactional console
  {
    name: 'configuration',
    path: '/configuration',
    title: 'Configuration',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'authorized-recipient-verify',
    path: '/authorized-recipient/verify/:id',
    title: 'Verify Authorized Recipient',
    app: consoleApp,
    access: 'public',
  },
  { name: 'activity', path: '/activity', title: 'Activity', app: consoleApp, access: 'protected' },
  {
    name: 'activity-detail',
    path: '/activity/:id',
    title: 'Activity Detail',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'analytic', path: '/analytic', title: 'Analytic', app: consoleApp, access: 'protected' },
  {
    name: 'analytic-preset',
    path: '/analytic/preset/:id',
    title: 'Analytic Preset',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'suppression', path: '/suppression', title: 'Suppression', app: consoleApp, access: 'protected' },
  {
    name: 'email-validation',
    path: '/email-validation',
    title: 'Email Validation',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'email-validation-test',
    path: '/email-validation-test',
    title: 'Email Validation Test',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'preset', path: '/preset', title: 'Preset', app: consoleApp, access: 'protected' },
  {
    name: 'loading-switch-production-environment',
    path: '/preparing-production-environment',
    title: 'Preparing Production Environment',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'loading-switch-sandbox-environment',
    path: '/preparing-sandbox-environment',
    title: 'Preparing Sandbox Environment',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'request-production-environment',
    path: '/request-production-environment',
    title: 'Request Production Environment',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'switch-to-sandbox-environment',
    path: '/switch-to-sandbox-environment',
    title: 'Switch to Sandbox Environment',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'switch-to-production-environment',
    path: '/switch-to-production-environment',
    title: 'Switch to Production Environment',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'domain-add', path: '/domain/add', title: 'Add Domain', app: consoleApp, access: 'protected' },
  {
    name: 'sending-domain',
    path: '/domain/sending',
    title: 'Sending Domain',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'sending-domain-detail',
    path: '/domain/sending/:id',
    title: 'Sending Domain Detail',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'bounce-domain',
    path: '/domain/bounce',
    title: 'Bounce Domain',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'bounce-domain-detail',
    path: '/domain/bounce/:id',
    title: 'Bounce Domain Detail',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'tracking-domain',
    path: '/domain/tracking',
    title: 'Tracking Domain',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'tracking-domain-detail',
    path: '/domain/tracking/:id',
    title: 'Tracking Domain Detail',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'webhook', path: '/webhook', title: 'Webhook', app: consoleApp, access: 'protected' },
  {
    name: 'webhook-create',
    path: '/webhook/create',
    title: 'Create Webhook',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'webhook-detail',
    path: '/webhook/:id',
    title: 'Webhook Detail',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'webhook-edit',
    path: '/webhook/:id/edit',
    title: 'Edit Webhook',
    app: consoleApp,
    access: 'protected',
  },
  // IP pools (§1 lists them in the console; paths decided here like the other configuration screens)
  { name: 'ip-pool', path: '/ip-pool', title: 'IP Pool', app: consoleApp, access: 'protected' },
  {
    name: 'ip-pool-create',
    path: '/ip-pool/create',
    title: 'Create IP Pool',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'ip-pool-detail',
    path: '/ip-pool/:id',
    title: 'IP Pool Detail',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'subaccount', path: '/subaccount', title: 'Subaccount', app: consoleApp, access: 'protected' },
  {
    name: 'subaccount-create',
    path: '/subaccount/create',
    title: 'Create Subaccount',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'subaccount-detail',
    path: '/subaccount/:id',
    title: 'Subaccount Detail',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'subaccount-edit',
    path: '/subaccount/:id/edit',
    title: 'Edit Subaccount',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'api-key', path: '/api-key', title: 'API Key', app: consoleApp, access: 'protected' },
  {
    name: 'api-key-create',
    path: '/api-key/create',
    title: 'Create API Key',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'api-key-detail',
    path: '/api-key/:id',
    title: 'API Key Detail',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'api-key-edit',
    path: '/api-key/:id/edit',
    title: 'Edit API Key',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'api-instruction',
    path: '/api-instruction',
    title: 'API Instruction',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'welcome-to-production',
    path: '/welcome-to-production',
    title: 'Welcome to Production',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'usage-monitoring',
    path: '/usage-monitoring',
    title: 'Usage Monitoring',
    app: consoleApp,
    access: 'protected',
  },
  { name: 'contact-us', path: '/contact-us', title: 'Contact Us', app: consoleApp, access: 'protected' },
  { name: 'template', path: '/template', title: 'Template', app: consoleApp, access: 'protected' },
  {
    name: 'template-add',
    path: '/template/add',
    title: 'Add Template',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'template-edit',
    path: '/template/edit/:id',
    title: 'Edit Template',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'template-created',
    path: '/template/created/:id',
    title: 'Template Created',
    app: consoleApp,
    access: 'protected',
  },
  {
    name: 'template-detail',
    path: '/template/:id',
    title: 'Template Detail',
    app: consoleApp,
    access: 'protected',
  },

  // Composers (paths decided here: §2 names them without paths)
  {
    name: 'page-compose',
    path: '/page/compose/:id',
    title: 'Page Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'template-page-compose',
    path: '/template/page/compose/:id',
    title: 'Page Template Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'form-compose',
    path: '/form/compose/:id',
    title: 'Form Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'form-au-compose',
    path: '/form/au/compose/:id',
    title: 'Form Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'formpage-compose',
    path: '/formpage/compose/:id',
    title: 'Form Page Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'template-form-compose',
    path: '/template/form/compose/:id',
    title: 'Form Template Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof table)[number]['name'];
export type Route = Omit<RouteDef, 'name'> & { readonly name: RouteName };

export const routes: readonly Route[] = table;

/** The routes the table gives to one micro-app. */
export type RouteNameOf<App extends RouteApp> = Extract<(typeof table)[number], { app: App }>['name'];

/**
 * A micro-app's pages, declared once in its entry file: the table says which app renders a route
 * (the shell must know before it loads the app), the app alone says with which page. A page keyed
 * by a route the table gives to another app does not type-check; a route without a page yet says
 * "not available yet".
 */
export type AppPages<App extends Exclude<RouteApp, 'shell'>> = Partial<
  Record<RouteNameOf<App>, ComponentType>
>;

/** Shown for any path no route matches (not part of `routes`, so matchRoute never returns it). */
export const notFoundRoute: RouteDef = {
  name: 'not-found',
  path: '*',
  title: 'Page Not Found',
  app: 'shell',
  access: 'public',
};
