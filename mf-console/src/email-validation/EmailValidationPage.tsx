import { roleRefusal } from '@app/contract';
import { Alert, LinkButton, LoadStatus, Page, Panel, roleAllows, useLoad } from '@app/shared';
import { useEffect } from 'react';
import { listJobs } from './api.ts';
import { JobsTable } from './JobsTable.tsx';
import { ListUpload } from './ListUpload.tsx';

/** How often the page reads the lists again while one is being validated. */
const pollMs = 2_000;

/** /email-validation: upload a list, watch it being validated, download its results. */
export function EmailValidationPage() {
  const jobs = useLoad(() => listJobs(true), []);
  const running = jobs.data?.some((job) => job.batch_status === 'validating') ?? false;
  const { status, reload } = jobs;

  useEffect(() => {
    if (!running || status === 'loading') return;
    const timer = setTimeout(reload, pollMs);
    return () => clearTimeout(timer);
  }, [running, status, reload]);

  return (
    <Page
      title="Email Validation"
      description="Validate a whole list before you send to it: each address is checked for syntax, a domain that receives mail, disposable and role mailboxes and typos."
      actions={<LinkButton to="/email-validation-test">Check one address</LinkButton>}
    >
      <Panel title="Upload a list">
        {roleAllows('send') ? (
          <ListUpload onStarted={reload} />
        ) : (
          <Alert type="info">{roleRefusal('send')}</Alert>
        )}
      </Panel>
      <Panel title="Lists">
        <LoadStatus
          loaded={jobs}
          lines={3}
          loading="Loading the lists ..."
          failed="The lists could not be loaded"
        />
        {jobs.data ? <JobsTable jobs={jobs.data} onChanged={reload} /> : null}
      </Panel>
    </Page>
  );
}
