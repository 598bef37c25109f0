import { roleRefusal } from '@app/contract';
import {
  $company,
  $location,
  $tours,
  Alert,
  AppLink,
  Button,
  navigate,
  Page,
  Panel,
  reloadAccountState,
  roleAllows,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { AccountStateGate } from './AccountStateGate.tsx';
import { ProductionSteps, productionReady } from './ProductionSteps.tsx';
import { SwitchReason } from './SwitchReason.tsx';
import { preparingPath, switchTarget } from './targets.ts';

/** The two steps that unlock production, as the checklist shows them. */
const unlocks = [
  { tour: 'productionDataCompletion', label: 'Company profile completed' },
  { tour: 'productionWelcome', label: 'Production welcome finished' },
] as const;

/** Moves the keyboard and the view to the first field of the profile form. */
function focusFirstStep(): void {
  const field = document.querySelector<HTMLElement>(
    '#production-steps sl-input, #production-steps sl-button',
  );
  field?.scrollIntoView({ block: 'center' });
  field?.focus();
}

/**
 * §2 switch-to-production-environment, where the sandbox guard sends a production route: why the
 * user is here, what unlocks production (the profile and the welcome, done right here: the sandbox
 * may not open /welcome-to-production), and the switch.
 */
export function SwitchToProductionPage() {
  const { search } = useStore($location);
  const target = switchTarget(search);
  const loaded = useLoad(() => reloadAccountState(), []);
  const company = useStore($company);
  const tours = useStore($tours);
  const ready = productionReady(tours);

  return (
    <Page
      title="Switch to Production Environment"
      description="The sandbox is for trying things out; production sends real mail from your own domain."
    >
      <SwitchReason
        target={target}
        environment="production"
        switchText="You are in the sandbox. Switch to production to open it."
        hereTitle="You are in the sandbox."
      >
        Domains, API keys, webhooks, sub-accounts and templates are part of the production environment.
      </SwitchReason>

      <AccountStateGate
        loaded={loaded}
        known={company !== null}
        what="Your account"
        loading="Loading your production checklist ..."
      >
        <Panel title="What unlocks production">
          <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
            {unlocks.map(({ tour, label }) => (
              <li key={tour}>
                <StatusTag variant={tours[tour] ? 'success' : 'warning'}>
                  {tours[tour] ? 'Done' : 'To do'}
                </StatusTag>{' '}
                {label}
              </li>
            ))}
          </ul>
          {ready ? (
            <p>
              Everything is ready: switch whenever you like. You can come back to the sandbox at any time.
            </p>
          ) : (
            <p className="muted">Do both steps below, then switch.</p>
          )}
          {roleAllows('environment.switch') ? null : (
            <Alert type="info">{roleRefusal('environment.switch')}</Alert>
          )}
          <div className="app-page-actions">
            <Button
              variant="primary"
              disabled={!ready || !roleAllows('environment.switch')}
              onClick={() => navigate(preparingPath('production', target?.path))}
            >
              Switch to production now
            </Button>
            {!ready ? (
              <Button variant="secondary" onClick={focusFirstStep}>
                Complete the profile
              </Button>
            ) : null}
          </div>
        </Panel>

        <div id="production-steps" className="app-page">
          <ProductionSteps from="sandbox" />
        </div>

        <Panel title="Production access request">
          <p>
            Status:{' '}
            <StatusTag variant={company?.productionStatus === 'None' ? 'neutral' : 'primary'}>
              {company?.productionStatus === 'None' ? 'Not requested' : company?.productionStatus}
            </StatusTag>
          </p>
          <p className="muted">
            Want to tell us about your sending first?{' '}
            <AppLink to="/request-production-environment">Request production access</AppLink>.
          </p>
        </Panel>
      </AccountStateGate>
    </Page>
  );
}
