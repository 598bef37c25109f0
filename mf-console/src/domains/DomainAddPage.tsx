import { roleRefusal } from '@app/contract';
import {
  $location,
  ApiError,
  Button,
  CheckboxField,
  canChange,
  FormError,
  formSchema,
  navigate,
  Page,
  Panel,
  SelectField,
  TextField,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createSendingDomain, createTrackingDomain, verifySendingDomain } from './api.ts';
import { domainFeature } from './flags.ts';

type Use = 'sending' | 'bounce' | 'tracking';

const uses: Array<{ value: Use; label: string; kind: 'sendingDomain' | 'bounceDomain' | 'trackingDomain' }> =
  [
    { value: 'sending', label: 'Sending: mail is sent From this domain', kind: 'sendingDomain' },
    {
      value: 'bounce',
      label: 'Bounce: the Return-Path of your mail, where bounces come back',
      kind: 'bounceDomain',
    },
    {
      value: 'tracking',
      label: 'Tracking: links and the open pixel use this host name',
      kind: 'trackingDomain',
    },
  ];

const hints: Record<Use, string> = {
  sending:
    'Use the domain of your From addresses, e.g. mail.example.com. Next you publish its DKIM and SPF records.',
  bounce:
    'A subdomain you use for nothing else, e.g. bounces.example.com: it gets a CNAME record, which cannot share its name with other records.',
  tracking: 'A subdomain such as click.example.com: it gets a CNAME record pointing at this platform.',
};

const isAlreadyThere = (error: unknown) => error instanceof ApiError && error.status === 409;

/** /domain/add: a domain name (validated with the engine's schema) and its use, then its detail page. */
export function DomainAddPage() {
  const search = useStore($location).search;
  const asked = new URLSearchParams(search).get('use');
  const allowed = uses.filter((use) => domainFeature(use.kind, 'create'));
  const [use, setUse] = useState<Use>(
    allowed.find((option) => option.value === asked)?.value ?? allowed[0]?.value ?? 'sending',
  );
  const [secure, setSecure] = useState(false);
  const form = useZodForm(formSchema('sendingDomainCreateBody'), { domain: '' });

  const submit = () =>
    form.submit(async ({ domain }) => {
      const name = domain.toLowerCase();
      const encoded = encodeURIComponent(name);
      if (use === 'tracking') {
        await createTrackingDomain(name, secure);
        navigate(`/domain/tracking/${encoded}`);
        return;
      }
      try {
        await createSendingDomain(name);
      } catch (error) {
        // A bounce domain is a sending domain with a CNAME: one already added is simply set up for bounces.
        if (!(use === 'bounce' && isAlreadyThere(error))) throw error;
      }
      if (use === 'bounce') {
        // The first CNAME check marks the domain as meant for bounces: it is listed as pending from now on.
        await verifySendingDomain(name, { cname_verify: true });
        navigate(`/domain/bounce/${encoded}`);
      } else {
        navigate(`/domain/sending/${encoded}`);
      }
    });

  if (allowed.length === 0) {
    return (
      <Page title="Add Domain">
        <FormError
          message={
            canChange('domains.manage')
              ? 'Adding domains is not available for this account.'
              : roleRefusal('domains.manage')
          }
        />
      </Page>
    );
  }

  return (
    <Page
      title="Add Domain"
      description="Add a domain you own. The next page lists the DNS records to publish at your DNS provider, and checks them for you."
    >
      <Panel>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Domain"
            placeholder="mail.example.com"
            autoComplete="off"
            hint={hints[use]}
            {...form.field('domain', (value) => value.trim())}
          />
          <SelectField
            label="Use"
            value={use}
            options={allowed.map(({ value, label }) => ({ value, label }))}
            onChange={(value) => setUse(value as Use)}
          />
          {use === 'tracking' ? (
            <CheckboxField
              label="Use HTTPS for tracked links"
              hint="Only when this host name has a certificate: your CDN or proxy serves HTTPS in front of the platform."
              checked={secure}
              onChange={setSecure}
            />
          ) : null}
          <FormError message={form.formError} />
          <div className="app-page-actions" style={{ marginTop: 16 }}>
            <Button type="submit" busy={form.busy}>
              Add domain
            </Button>
          </div>
        </form>
      </Panel>
    </Page>
  );
}
