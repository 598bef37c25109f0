import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { ApiInstructionPage } from './ApiInstructionPage.tsx';
import { ContactUsPage } from './ContactUsPage.tsx';
import { PreparingProductionPage, PreparingSandboxPage } from './PreparingEnvironmentPage.tsx';
import { RequestProductionPage } from './RequestProductionPage.tsx';
import { SwitchToProductionPage } from './SwitchToProductionPage.tsx';
import { SwitchToSandboxPage } from './SwitchToSandboxPage.tsx';
import { WelcomeToProductionPage } from './WelcomeToProductionPage.tsx';

/** The environment journey of §2 and §4: production request and switches, profile completion, help pages. */
export const environmentPages = {
  'switch-to-production-environment': SwitchToProductionPage,
  'switch-to-sandbox-environment': SwitchToSandboxPage,
  'loading-switch-production-environment': PreparingProductionPage,
  'loading-switch-sandbox-environment': PreparingSandboxPage,
  'request-production-environment': RequestProductionPage,
  'welcome-to-production': WelcomeToProductionPage,
  'api-instruction': ApiInstructionPage,
  'contact-us': ContactUsPage,
} satisfies AppPages<'@app/mf-console'>;
