import { $company, Page } from '@app/shared';
import { useStore } from '@nanostores/react';
import { ProductionEvents } from './ProductionEvents.tsx';
import { SandboxInbox } from './SandboxInbox.tsx';

/** /activity: the sandbox inbox in the sandbox; in production the engine's recent message events. */
export function ActivityPage() {
  const sandbox = useStore($company)?.environment !== 'production';
  return (
    <Page
      title="Activity"
      description={
        sandbox
          ? 'Every email sent while in the sandbox, as your recipients would see it.'
          : 'The latest events of your mail, newest first.'
      }
    >
      {sandbox ? <SandboxInbox /> : <ProductionEvents />}
    </Page>
  );
}
