import {
  $company,
  $tours,
  Alert,
  Button,
  LinkButton,
  Panel,
  reloadAccountState,
  StatusTag,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { environmentApi } from './api.ts';
import { CompleteProfileForm } from './CompleteProfileForm.tsx';
import { preparingPath } from './targets.ts';

/** What to do first in production; from the sandbox each one switches first, then opens it. */
const firstSteps = [
  { to: '/domain/add', label: 'Add a sending domain' },
  { to: '/api-key/create', label: 'Create an API key' },
  { to: '/api-instruction', label: 'Read the API instruction' },
] as const;

export function productionReady(tours: { productionDataCompletion?: boolean; productionWelcome?: boolean }) {
  return Boolean(tours.productionDataCompletion && tours.productionWelcome);
}

function Done({ done }: { done: boolean }) {
  return done ? (
    <StatusTag variant="success">Done</StatusTag>
  ) : (
    <StatusTag variant="warning">To do</StatusTag>
  );
}

/**
 * The two steps that unlock production (§4): the company profile (productionDataCompletion) and the
 * production welcome (productionWelcome, through finish-onboarding). `from` says where the user is:
 * in the sandbox the first-step links switch to production on the way.
 */
export function ProductionSteps({ from }: { from: 'sandbox' | 'production' }) {
  const company = useStore($company);
  const tours = useStore($tours);
  const profileDone = Boolean(tours.productionDataCompletion);
  const welcomeDone = Boolean(tours.productionWelcome);
  const [editing, setEditing] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = async () => {
    setFailure(null);
    setFinishing(true);
    try {
      await environmentApi.finishOnboarding();
      await reloadAccountState();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The welcome could not be finished');
    } finally {
      setFinishing(false);
    }
  };

  return (
    <>
      <Panel title="1. Complete the company profile" actions={<Done done={profileDone} />}>
        {profileDone && !editing ? (
          <>
            <dl className="app-definitions">
              <dt>Company</dt>
              <dd>{company?.name}</dd>
              <dt>Industry</dt>
              <dd>{company?.industry}</dd>
              <dt>Country</dt>
              <dd>{company?.country}</dd>
              <dt>Timezone</dt>
              <dd>{company?.timezone}</dd>
            </dl>
            <p>
              <Button variant="text" onClick={() => setEditing(true)}>
                Edit the profile
              </Button>
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              Production mail goes to real people, so we need to know who sends it. All fields but the website
              are required.
            </p>
            <CompleteProfileForm onSaved={() => setEditing(false)} />
          </>
        )}
      </Panel>

      <Panel title="2. Welcome to production" actions={<Done done={welcomeDone} />}>
        <p>In production:</p>
        <ul>
          <li>mail goes to any recipient, not only to your authorized recipients;</li>
          <li>you send from your own sending domain, verified with DNS records;</li>
          <li>applications send with API keys, through the REST API or the SMTP relay;</li>
          <li>every message counts against your plan's monthly quota.</li>
        </ul>
        {failure ? <Alert type="danger">{failure}</Alert> : null}
        {welcomeDone ? (
          <>
            <p>Where to start:</p>
            <div className="app-page-actions">
              {firstSteps.map((step) => (
                <LinkButton
                  key={step.to}
                  to={from === 'sandbox' ? preparingPath('production', step.to) : step.to}
                >
                  {from === 'sandbox' ? `Switch and ${step.label.toLowerCase()}` : step.label}
                </LinkButton>
              ))}
            </div>
          </>
        ) : (
          <Button onClick={() => void finish()} busy={finishing} disabled={!profileDone}>
            Finish the welcome
          </Button>
        )}
        {!profileDone && !welcomeDone ? <p className="muted">Complete the company profile first.</p> : null}
      </Panel>
    </>
  );
}
