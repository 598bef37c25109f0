import type { Campaign } from '@app/contract/marketing/campaigns';
import {
  $team,
  $user,
  Button,
  ConfirmButton,
  FormError,
  roleAllows,
  showToast,
  TextField,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { CampaignApi } from './api.ts';
import { scheduleOf, testAddressesOf, zoneLabel } from './campaign-status.ts';

/**
 * The ready-to-send check and what follows it: a test to a few addresses, then Send now or Schedule
 * (in the team's time zone), offered only once nothing is missing.
 */
export function CampaignSendPanel({
  api,
  campaign,
  missing,
  count,
  onSent,
}: {
  api: CampaignApi;
  campaign: Campaign;
  /** The ready check's answer; undefined while it is asked. */
  missing: readonly string[] | undefined;
  count: number | null | undefined;
  onSent: (campaign: Campaign) => void;
}) {
  const user = useStore($user);
  const team = useStore($team);
  const [testTo, setTestTo] = useState(user?.email ?? '');
  const [testProblem, setTestProblem] = useState<string>();
  const [testBusy, setTestBusy] = useState(false);
  const [when, setWhen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [scheduleBusy, setScheduleBusy] = useState(false);
  const canSend = roleAllows('campaigns.send');
  const ready = missing !== undefined && missing.length === 0;

  const sendTest = async () => {
    const emails = testAddressesOf(testTo);
    if (emails.length === 0) return setTestProblem('Enter at least one address');
    if (emails.length > 10) return setTestProblem('A test goes to at most 10 addresses');
    setTestProblem(undefined);
    setTestBusy(true);
    try {
      const sent = await api.sendTest(campaign.id, { emails });
      showToast({
        type: 'success',
        message: `The test is on its way to ${sent} address${sent === 1 ? '' : 'es'}.`,
      });
    } catch (error) {
      setTestProblem(serverMessage(error));
    } finally {
      setTestBusy(false);
    }
  };

  const send = async (schedule?: string) => {
    setFailure(null);
    try {
      const moved = await api.send(campaign.id, schedule);
      showToast({
        type: 'success',
        message: schedule ? `${campaign.name} is scheduled.` : `${campaign.name} is going out.`,
      });
      onSent(moved);
    } catch (error) {
      setFailure(serverMessage(error));
      throw error;
    }
  };

  return (
    <div>
      {missing === undefined ? (
        <p className="muted">Checking what the campaign still needs ...</p>
      ) : ready ? (
        <p data-testid="ready-check">Ready to send: nothing is missing.</p>
      ) : (
        <div data-testid="ready-check">
          <p>Before it can be sent:</p>
          <ul>
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <form
        noValidate
        aria-label="Send a test"
        style={{ maxWidth: 640 }}
        onSubmit={(event) => {
          event.preventDefault();
          void sendTest();
        }}
      >
        <TextField
          label="Test addresses"
          name="testTo"
          hint="Up to 10, separated by commas; the subject starts with [Test]"
          value={testTo}
          error={testProblem}
          onChange={(event) => setTestTo(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={testBusy}>
          Send test
        </Button>
      </form>
      {canSend && ready ? (
        <>
          <FormError message={failure} />
          <div className="app-page-actions" style={{ marginTop: 'var(--sl-spacing-large)' }}>
            <ConfirmButton
              label="Send now"
              variant="primary"
              danger={false}
              title="Send campaign"
              question={
                <p>
                  Send {campaign.name} now
                  {typeof count === 'number'
                    ? ` to ${count.toLocaleString('en-US')} contact${count === 1 ? '' : 's'}`
                    : ''}
                  ? Each contact gets it once; it cannot be unsent.
                </p>
              }
              confirmLabel="Send now"
              onConfirm={() => send()}
            />
          </div>
          <form
            noValidate
            aria-label="Schedule"
            className="app-page-actions"
            style={{ alignItems: 'end', marginTop: 'var(--sl-spacing-medium)' }}
            onSubmit={async (event) => {
              event.preventDefault();
              const schedule = scheduleOf(when);
              if (!schedule) return setFailure('Choose the day and time to send it');
              setScheduleBusy(true);
              await send(schedule).catch(() => undefined);
              setScheduleBusy(false);
            }}
          >
            <TextField
              label="Send at"
              name="sendAt"
              type="datetime-local"
              hint={`In your team's time zone (${zoneLabel(team?.timezoneOffset ?? '+0000')})`}
              value={when}
              onChange={(event) => setWhen(event.target.value)}
            />
            <Button type="submit" variant="secondary" busy={scheduleBusy}>
              Schedule
            </Button>
          </form>
        </>
      ) : null}
      {!canSend && ready ? <p className="muted">Your role may compose campaigns but not send them.</p> : null}
    </div>
  );
}
