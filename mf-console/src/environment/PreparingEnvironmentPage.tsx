import type { EnvironmentName } from '@app/contract';
import { $location, Alert, LinkButton, Page, Panel, reloadAccountState, Spinner } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { environmentApi } from './api.ts';
import { switchTarget } from './targets.ts';

const texts = {
  production: {
    title: 'Preparing Production Environment',
    working: 'Preparing your production environment ...',
    home: '/analytic',
    back: '/switch-to-production-environment',
  },
  sandbox: {
    title: 'Preparing Sandbox Environment',
    working: 'Preparing your sandbox environment ...',
    home: '/configuration',
    back: '/switch-to-sandbox-environment',
  },
} as const;

/**
 * §4 "switching calls the server, with a preparing screen in between": the switch, then the shell's
 * company and tour state is reloaded (the guards read it), then on to `to` or the environment's home.
 * A refused switch shows the server's reason and the way back.
 */
function PreparingEnvironment({ environment }: { environment: EnvironmentName }) {
  const text = texts[environment];
  const { search } = useStore($location);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const target = switchTarget(search);
  const destination = target?.path ?? text.home;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    environmentApi
      .switchTo(environment)
      .then(() => reloadAccountState())
      .then(() => {
        // Replace: going back must not land on this page and switch again.
        window.history.replaceState(null, '', destination);
      })
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : 'The environment could not be switched'),
      );
  }, [environment, destination]);

  const back = target ? `${text.back}?to=${encodeURIComponent(target.path)}` : text.back;
  return (
    <Page title={text.title}>
      <Panel>
        {failure === null ? (
          <Spinner label={text.working} />
        ) : (
          <>
            <Alert
              type="danger"
              title={`You are still in the ${environment === 'production' ? 'sandbox' : 'production environment'}.`}
            >
              {failure}
            </Alert>
            <div className="app-page-actions">
              <LinkButton variant="primary" to={back}>
                Back to the switch page
              </LinkButton>
              <LinkButton to={environment === 'production' ? '/configuration' : '/analytic'}>
                {environment === 'production' ? 'Go to the configuration' : 'Go to the analytics'}
              </LinkButton>
            </div>
          </>
        )}
      </Panel>
    </Page>
  );
}

export function PreparingProductionPage() {
  return <PreparingEnvironment environment="production" />;
}

export function PreparingSandboxPage() {
  return <PreparingEnvironment environment="sandbox" />;
}
