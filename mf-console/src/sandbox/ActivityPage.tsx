import { $company, Page } from '@app/shared';
import { useStore } from '@nanostores/react';
import { ProductionActivityPage } from '../activity/lazy.tsx';
import { SandboxInbox } from './SandboxInbox.tsx';

/** /activity: the sandbox inbox in the sandbox; in production the event stream (../activity). */
export function ActivityPage() {
  const sandbox = useStore($company)?.environment !== 'production';
  return (
    <Page
      title="Activity"
      description={
        sandbox
          ? 'Every email sent while in the sandbox, as your recipients would see it.'
          : 'Every event of your mail, newest first: filter, open a message, export.'
      }
    >
      {sandbox ? <SandboxInbox /> : <ProductionActivityPage />}
    </Page>
  );
}
