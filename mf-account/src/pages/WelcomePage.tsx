import {
  $company,
  $tours,
  $user,
  Alert,
  LinkButton,
  Page,
  Panel,
  recordTourFlags,
  StatusTag,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';

/**
 * §2 welcome: the first page of a new (sandbox) account. Where the user is and what to do first;
 * opening it sets the tour flag sandboxWelcome.
 */
export function WelcomePage() {
  const user = useStore($user);
  const company = useStore($company);
  const tours = useStore($tours);
  const inSandbox = company?.environment !== 'production';

  useEffect(() => {
    if ($tours.get().sandboxWelcome) return;
    void recordTourFlags(['sandboxWelcome']);
  }, []);

  const steps = [
    {
      done: Boolean(tours.sandboxSetAuthorizedRecipient),
      title: 'Authorize a recipient',
      text: 'The sandbox only mails addresses that confirmed they want your test mail. Add your own address first.',
    },
    {
      done: Boolean(tours.sandboxEmailSent),
      title: 'Send a test email',
      text: 'Send one from the configuration page, with the API or through the SMTP relay, and read it in the sandbox inbox.',
    },
    {
      done: company?.environment === 'production',
      title: 'Go to production',
      text: 'Complete your company profile, then switch to send real mail from your own domain.',
    },
  ];

  return (
    <Page
      title="Welcome"
      description={`Hello${user?.fullname ? ` ${user.fullname}` : ''}, your account for ${company?.name ?? 'your company'} is ready.`}
    >
      {inSandbox ? (
        <Alert type="info" title="You are in the sandbox.">
          Try everything safely: mail goes only to the recipients you authorize and every message lands in the
          sandbox inbox. Nothing reaches real customers until you switch to production.
        </Alert>
      ) : (
        <Alert type="info" title="You are in production.">
          Mail you send now goes to real recipients.
        </Alert>
      )}
      <Panel title="What to do first">
        <ol style={{ display: 'grid', gap: 12, paddingLeft: 20, margin: 0 }}>
          {steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong> {step.done ? <StatusTag variant="success">Done</StatusTag> : null}
              <br />
              <span className="muted">{step.text}</span>
            </li>
          ))}
        </ol>
        <div className="app-page-actions" style={{ marginTop: 16 }}>
          <LinkButton variant="primary" to="/configuration">
            Authorize a recipient and send a test
          </LinkButton>
          {inSandbox ? (
            <LinkButton to="/switch-to-production-environment">Switch to production</LinkButton>
          ) : null}
        </div>
      </Panel>
      {!tours.surveyCompletion ? (
        <Panel title="Help us help you">
          <p className="muted">
            Four short questions about how you will send, so we can point you to the right tools.
          </p>
          <LinkButton to="/survey">Answer the survey</LinkButton>
        </Panel>
      ) : null}
    </Page>
  );
}
