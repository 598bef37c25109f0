import {
  $tours,
  $user,
  AppLink,
  Button,
  LoadStatus,
  Page,
  Panel,
  recordTourFlags,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { loadMissionFacts } from './api.ts';
import { CampaignStats } from './CampaignStats.tsx';
import { missionPercent, missionSteps } from './mission.ts';

/**
 * /dashboard, "Home": the onboarding mission with its percentage (§3), and the campaign statistics
 * over a range.
 */
export function DashboardPage() {
  const tours = useStore($tours);
  const user = useStore($user);
  const facts = useLoad(loadMissionFacts, []);
  // A first email: a transactional one (the tour's flags) or a sent campaign.
  const emailSent = Boolean(tours.sandboxEmailSent || tours.productionEmailSent || facts.data?.campaignSent);
  const steps = facts.data ? missionSteps({ ...facts.data, emailSent }) : [];
  const percent = missionPercent(steps);
  const closed = Boolean(tours.onboardingMissionClosed);
  return (
    <Page title="Home" description={user?.fullname ? `Welcome back, ${user.fullname}.` : 'Welcome back.'}>
      {closed ? null : (
        <Panel
          title="Get started"
          actions={
            <Button
              variant="text"
              size="small"
              onClick={() => void recordTourFlags(['onboardingMissionClosed'])}
            >
              Close
            </Button>
          }
        >
          <LoadStatus
            loaded={facts}
            lines={4}
            loading="Loading your progress ..."
            failed="Your progress could not be loaded"
          />
          {facts.data ? (
            <>
              <p>
                <strong>{percent}% done.</strong>{' '}
                {percent === 100
                  ? 'Everything is set up: you are ready to send campaigns.'
                  : 'A few steps to get your company sending.'}
              </p>
              <sl-progress-bar value={percent} label="Onboarding progress" />
              <ol className="mission-steps">
                {steps.map((step) => (
                  <li key={step.key} data-done={step.done ? 'true' : undefined}>
                    <span aria-hidden="true">{step.done ? '✓' : '○'}</span>{' '}
                    {step.done ? (
                      <span>
                        {step.title} <span className="muted">(done)</span>
                      </span>
                    ) : (
                      <span>
                        <AppLink to={step.to}>{step.title}</AppLink>
                        <span className="muted"> — {step.description}</span>
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Panel>
      )}
      <Panel title="Campaigns">
        <CampaignStats />
      </Panel>
    </Page>
  );
}
