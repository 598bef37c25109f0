import { $company, $tours, Alert, LinkButton, Page, Panel, reloadAccountState, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import { AccountStateGate } from './AccountStateGate.tsx';
import { ProductionSteps, productionReady } from './ProductionSteps.tsx';

/**
 * §2 welcome-to-production: where the production guard sends a company whose profile is not complete
 * (§4: productionDataCompletion and productionWelcome). The profile form, then the welcome with the
 * first things to do.
 */
export function WelcomeToProductionPage() {
  const loaded = useLoad(() => reloadAccountState(), []);
  const company = useStore($company);
  const tours = useStore($tours);
  const ready = productionReady(tours);

  return (
    <Page title="Welcome to Production" description="Two short steps and your company can send real mail.">
      <AccountStateGate
        loaded={loaded}
        known={company !== null}
        what="Your company"
        loading="Loading your company profile ..."
      >
        {ready ? (
          <Alert type="success" title="Your production environment is ready.">
            {company?.environment === 'production'
              ? 'Start with a sending domain, then an API key.'
              : 'Switch to production whenever you are ready.'}
          </Alert>
        ) : null}
        <ProductionSteps from={company?.environment ?? 'sandbox'} />
        {ready && company?.environment === 'sandbox' ? (
          <Panel>
            <LinkButton variant="primary" to="/preparing-production-environment">
              Switch to production now
            </LinkButton>
          </Panel>
        ) : null}
      </AccountStateGate>
    </Page>
  );
}
