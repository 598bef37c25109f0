import { type AppPages, lazyPage } from '@app/shared';

/** The environment journey of §2 and §4: production request and switches, profile completion, help pages. */
export const environmentPages = {
  'switch-to-production-environment': lazyPage(
    () => import('./SwitchToProductionPage.tsx').then((m) => m.SwitchToProductionPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'switch-to-sandbox-environment': lazyPage(
    () => import('./SwitchToSandboxPage.tsx').then((m) => m.SwitchToSandboxPage),
    ['button'],
  ),
  'loading-switch-production-environment': lazyPage(
    () => import('./PreparingEnvironmentPage.tsx').then((m) => m.PreparingProductionPage),
    ['button', 'spinner'],
  ),
  'loading-switch-sandbox-environment': lazyPage(
    () => import('./PreparingEnvironmentPage.tsx').then((m) => m.PreparingSandboxPage),
    ['button', 'spinner'],
  ),
  'request-production-environment': lazyPage(
    () => import('./RequestProductionPage.tsx').then((m) => m.RequestProductionPage),
    ['button', 'skeleton', 'tag', 'textarea'],
  ),
  'welcome-to-production': lazyPage(
    () => import('./WelcomeToProductionPage.tsx').then((m) => m.WelcomeToProductionPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'api-instruction': lazyPage(
    () => import('./ApiInstructionPage.tsx').then((m) => m.ApiInstructionPage),
    ['button', 'input', 'skeleton'],
  ),
  'contact-us': lazyPage(
    () => import('./ContactUsPage.tsx').then((m) => m.ContactUsPage),
    ['button', 'input', 'skeleton', 'textarea'],
  ),
} satisfies AppPages<'@app/mf-console'>;
