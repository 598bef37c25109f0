import type { Sender } from '@app/contract/marketing/senders';
import { Alert, Button, FormError, formSchema, TextField, useZodForm } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { labelled } from '../labelled-field.ts';
import type { SenderApi } from './api.ts';

/** An address to start the form with (a suggestion's): the form is mounted anew for each. */
export interface SenderPrefill {
  email: string;
  name: string;
}

/**
 * Adds a sender: checked with the server's schema first; the server's refusals about the address
 * (its domain, SPF, a duplicate) show on the email field, others (the plan's limits) above the form.
 */
export function AddSenderForm({
  api,
  prefill,
  onAdded,
}: {
  api: SenderApi;
  prefill: SenderPrefill | undefined;
  onAdded: () => void;
}) {
  const form = useZodForm(formSchema('newSenderBody'), {
    email: prefill?.email ?? '',
    name: prefill?.name ?? '',
    replyTo: '',
  });
  const [added, setAdded] = useState<Sender | null>(null);
  const element = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!prefill) return;
    element.current?.scrollIntoView({ block: 'center' });
    element.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
  }, [prefill]);

  return (
    <form
      ref={element}
      noValidate
      style={{ maxWidth: 560 }}
      aria-label="Add sender"
      onSubmit={(event) => {
        event.preventDefault();
        setAdded(null);
        void form.submit(async (body) => {
          const sender = await api.create(body);
          setAdded(sender);
          for (const field of ['email', 'name', 'replyTo'] as const) form.set(field, '');
          onAdded();
        });
      }}
    >
      {added?.linkSentAt ? (
        <Alert type="success">
          We sent a confirmation link to {added.email}. The sender can be used once the link is followed.
        </Alert>
      ) : null}
      {added && !added.linkSentAt ? (
        <Alert type="warning">
          {added.email} is added, but its confirmation mail could not be sent: use Send link again in the
          list.
        </Alert>
      ) : null}
      <FormError message={form.formError} />
      <TextField
        type="email"
        autoComplete="off"
        hint="At one of the domains above, or a subdomain of one"
        {...labelled('Email', form.field('email'))}
      />
      <TextField hint="What recipients see as the From name" {...labelled('Name', form.field('name'))} />
      <TextField
        type="email"
        autoComplete="off"
        hint="Where replies go; empty for the sender's own address"
        {...labelled('Reply-to (optional)', form.field('replyTo'))}
      />
      <Button type="submit" busy={form.busy}>
        Add sender
      </Button>
    </form>
  );
}
