import { $location, LinkButton, Page, Panel, RoleLockedButton, roleAllows, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import { loadSandboxData } from '../sandbox/api.ts';
import { SwitchReason } from './SwitchReason.tsx';
import { preparingPath, switchTarget } from './targets.ts';

/**
 * §2 switch-to-sandbox-environment, where the production guard sends a sandbox-only route: why the
 * user is here, what the sandbox offers, and the switch (always allowed).
 */
export function SwitchToSandboxPage() {
  const { search } = useStore($location);
  const target = switchTarget(search);
  const facts = useLoad(() => loadSandboxData(), []);
  const quota = facts.data?.quota;

  return (
    <Page
      title="Switch to Sandbox Environment"
      description="The sandbox is a safe place to try the API, the SMTP relay and your templates."
    >
      <SwitchReason
        target={target}
        environment="sandbox"
        switchText="You are in production. Switch to the sandbox to open it."
        hereTitle="You are in production."
      >
        Your production settings stay as they are while you use the sandbox.
      </SwitchReason>
      <Panel title="What the sandbox offers">
        <ul>
          <li>mail goes only to your authorized recipients, never to real customers;</li>
          <li>every message you send also lands in the sandbox inbox, where you can read it;</li>
          <li>
            {quota?.enabled
              ? quota.quota === -1
                ? 'sandbox sending has no daily limit;'
                : `you can send up to ${quota.quota} test emails a day (${quota.remaining} left today);`
              : 'test sends use the sandbox quota of your plan;'}
          </li>
          <li>your domains, API keys and webhooks are kept for when you come back to production.</li>
        </ul>
        <div className="app-page-actions">
          {roleAllows('environment.switch') ? (
            <LinkButton variant="primary" to={preparingPath('sandbox', target?.path)}>
              Switch to the sandbox now
            </LinkButton>
          ) : (
            <RoleLockedButton label="Switch to the sandbox now" permission="environment.switch" />
          )}
          <LinkButton to="/analytic">Stay in production</LinkButton>
        </div>
      </Panel>
    </Page>
  );
}
