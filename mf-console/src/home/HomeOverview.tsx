import {
  $company,
  $quota,
  Alert,
  Button,
  consoleFeature,
  loadProductTour,
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
 * The top of /analytic, where §2 sends a signed-in user: where they are and what to do next (the
 * checklist, from real state).
 */
export function HomeOverview({ onSettled }: { onSettled?: () => void }) {
  const company = useStore($company);
  const quota = useStore($quota);
  const environment = company?.environment ?? 'sandbox';
  const journey = useLoad(() => loadJourney(environment), [environment]);
  const steps = useMemo(
    () => (journey.data ? checklistSteps(journey.data.state, consoleFeature) : []),
    [journey.data],
  );

  useEffect(() => {
    if (journey.status !== 'loading') onSettled?.();
  }, [journey.status, onSettled]);

  useEffect(() => {
    if (!journey.data) return;
    const flags = flagsToRecord(steps, journey.data.tour);
    void recordTourFlags(flags);
  }, [journey.data, steps]);

  return (
    <>
      {journey.status === 'failed' ? (
        <Alert type="danger">
          Your progress could not be loaded.{' '}
          <Button variant="text" onClick={journey.reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {/* The columns come with the checklist: where they stack (phones), the panel below it would move. */}
      {journey.status === 'loading' && !journey.data ? (
        <Skeleton lines={6} label="Loading your progress" />
      ) : (
        <div className="app-columns">
          {journey.data ? <GettingStarted steps={steps} /> : null}
          <EnvironmentPanel environment={environment} email={quota.email} sandbox={quota.sandbox} />
        </div>
      )}
    </>
  );
}

/** "Take the tour": a guided tour of the console's parts (its element loads on the first click). */
export function TourButton() {
  const [touring, setTouring] = useState(false);
  const [starting, setStarting] = useState(false);
  const start = () => {
    setStarting(true);
    void loadProductTour()
      .then(() => setTouring(true))
      .finally(() => setStarting(false));
  };
  return (
    <>
      <Button variant="secondary" busy={starting} onClick={start}>
        Take the tour
      </Button>
      {touring ? (
        <product-tour
          steps={consoleTour}
          open
          onfinish={() => setTouring(false)}
          onskip={() => setTouring(false)}
        />
      ) : null}
    </>
  );
}
