import {
  $company,
  $quota,
  Alert,
  Button,
  consoleFeature,
  Page,
  recordTourFlags,
  Skeleton,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { loadJourney } from './api.ts';
import { checklistSteps, flagsToRecord } from './checklist.ts';
import { EnvironmentPanel } from './EnvironmentPanel.tsx';
import { GettingStarted } from './GettingStarted.tsx';
import { consoleTour } from './tour-steps.ts';

/**
 * Where §2 sends a signed-in user (/analytic): where they are, what to do next (the checklist,
 * from real state) and a guided tour of the console. Charts of the sending arrive with analytics.
 */
export function HomePage() {
  const company = useStore($company);
  const quota = useStore($quota);
  const environment = company?.environment ?? 'sandbox';
  const journey = useLoad(() => loadJourney(environment), [environment]);
  const [touring, setTouring] = useState(false);
  const steps = useMemo(
    () => (journey.data ? checklistSteps(journey.data.state, consoleFeature) : []),
    [journey.data],
  );

  useEffect(() => {
    if (!journey.data) return;
    const flags = flagsToRecord(steps, journey.data.tour);
    void recordTourFlags(flags);
  }, [journey.data, steps]);

  return (
    <Page
      title="Analytic"
      description="Your account at a glance and the next step to take."
      actions={
        <Button variant="secondary" onClick={() => setTouring(true)}>
          Take the tour
        </Button>
      }
    >
      {journey.status === 'failed' ? (
        <Alert type="danger">
          Your progress could not be loaded.{' '}
          <Button variant="text" onClick={journey.reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="app-columns">
        {journey.data ? (
          <GettingStarted steps={steps} />
        ) : (
          <Skeleton lines={6} label="Loading your progress" />
        )}
        <EnvironmentPanel environment={environment} email={quota.email} sandbox={quota.sandbox} />
      </div>
      <product-tour
        steps={consoleTour}
        open={touring}
        onfinish={() => setTouring(false)}
        onskip={() => setTouring(false)}
      />
    </Page>
  );
}
