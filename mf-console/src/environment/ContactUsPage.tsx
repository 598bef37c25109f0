import type { ContactUsBody } from '@app/contract';
import {
  $company,
  $user,
  Alert,
  Button,
  DataTable,
  EmptyState,
  FormError,
  formatUserDateTime,
  formSchema,
  LinkButton,
  Page,
  Panel,
  Skeleton,
  StatusTag,
  TextAreaField,
  TextField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { environmentApi } from './api.ts';
import { supportEnabled } from './support.ts';

/** §3 contact-us message (company, email, message, name, phone), prefilled from the user and company. */
function ContactForm({ onSent }: { onSent: (email: string) => void }) {
  const user = useStore($user);
  const company = useStore($company);
  const form = useZodForm(formSchema('contactUsBody'), {
    name: user?.fullname ?? '',
    email: user?.email ?? '',
    company: company?.name ?? '',
    phone: user?.phone || company?.phone || '',
    message: '',
  } satisfies ContactUsBody);
  return (
    <form
      noValidate
      aria-label="Contact us"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (data) => {
          await environmentApi.sendContactMessage(data);
          form.set('message', '');
          onSent(data.email);
        });
      }}
    >
      <FormError message={form.formError} />
      <div className="app-form-row">
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      </div>
      <div className="app-form-row">
        <TextField label="Company" autoComplete="organization" {...form.field('company')} />
        <TextField label="Phone" type="tel" autoComplete="tel" hint="Optional" {...form.field('phone')} />
      </div>
      <TextAreaField
        label="Message"
        name="message"
        rows={6}
        value={String(form.values.message ?? '')}
        onChange={(value) => form.set('message', value)}
        error={form.errors.message}
        hint="How can we help? At least 10 characters."
      />
      <Button type="submit" busy={form.busy}>
        Send message
      </Button>
    </form>
  );
}

/** §2 contact-us: only when support is enabled for the vendor; the company's earlier messages below. */
export function ContactUsPage() {
  const enabled = supportEnabled();
  const messages = useLoad(
    () => (enabled ? environmentApi.contactMessages() : Promise.resolve({ items: [] })),
    [enabled],
  );
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (!enabled) {
    return (
      <Page title="Contact Us">
        <Panel>
          <EmptyState
            title="Support is not offered in this console"
            action={<LinkButton to="/analytic">Back to home page</LinkButton>}
          >
            Ask the company that gave you this account.
          </EmptyState>
        </Panel>
      </Page>
    );
  }

  return (
    <Page title="Contact Us" description="Write to the team that runs this platform. We answer by email.">
      <Panel title="Send us a message">
        {sentTo ? (
          <Alert type="success" title="Your message is sent.">
            We will answer at {sentTo}.
          </Alert>
        ) : null}
        <ContactForm
          onSent={(email) => {
            setSentTo(email);
            messages.reload();
          }}
        />
      </Panel>
      <Panel title="Your company's messages">
        {messages.status === 'loading' && !messages.data ? (
          <Skeleton lines={3} />
        ) : (
          <DataTable
            label="Your company's messages"
            rows={messages.data?.items ?? []}
            rowKey={(row) => row.id}
            empty={<EmptyState title="No messages yet">Messages you send above are listed here.</EmptyState>}
            columns={[
              { key: 'sent', label: 'Sent', render: (row) => formatUserDateTime(new Date(row.createdAt)) },
              { key: 'from', label: 'From', render: (row) => `${row.name} <${row.email}>` },
              {
                key: 'message',
                label: 'Message',
                secondary: true,
                render: (row) => (row.message.length > 120 ? `${row.message.slice(0, 117)}...` : row.message),
              },
              {
                key: 'status',
                label: 'Status',
                render: (row) =>
                  row.mailed ? (
                    <StatusTag variant="success">Delivered to the team</StatusTag>
                  ) : (
                    <StatusTag variant="warning">Saved; the mail to support failed</StatusTag>
                  ),
              },
            ]}
          />
        )}
      </Panel>
    </Page>
  );
}
