import type { WebhookTestResponse } from '@app/contract';
import {
  consoleFeature,
  EngineFormShell,
  formSchema,
  LoadStatus,
  SwitchField,
  TextField,
  useEngineForm,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { AuthFields } from './AuthFields.tsx';
import { eventGroups, receiverAnswerOf } from './api.ts';
import { EventPicker } from './EventPicker.tsx';
import { ReceiverAnswerView } from './ReceiverAnswerView.tsx';
import { bodyOf, formErrors, type WebhookBody, type WebhookFormValues } from './webhook-form.ts';

/** Engine parameter → form field, for the engine's refusals. */
const engineFields = {
  name: 'name',
  target: 'target',
  events: 'events',
  'auth_request_details.url': 'tokenUrl',
  auth_request_details: 'tokenUrl',
  auth_credentials: 'username',
};

/**
 * Name, target URL, events, active and (unless §6 turns it off) authentication of a webhook. The
 * engine proves a new target with a test POST: when the receiver refuses it, its answer is shown.
 */
export function WebhookForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: WebhookFormValues;
  submitLabel: string;
  onSubmit: (body: WebhookBody) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useEngineForm(engineFields);
  const groups = useLoad(eventGroups, []);
  const [values, setValues] = useState(initial);
  const [answer, setAnswer] = useState<WebhookTestResponse | undefined>();
  const withAuth = consoleFeature('webhook.authentication');

  const change = (patch: Partial<WebhookFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    for (const field of Object.keys(patch)) form.clear(field);
  };

  async function submit() {
    const found = formErrors(values, await formSchema('webhookCreateBody')());
    if (Object.keys(found).length > 0) {
      form.setErrors(found as Record<string, string>);
      return;
    }
    setAnswer(undefined);
    await form.run(async () => {
      try {
        await onSubmit(bodyOf(values));
      } catch (error) {
        setAnswer(receiverAnswerOf(error));
        throw error;
      }
    });
  }

  return (
    <EngineFormShell form={form} onSubmit={submit} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Name"
        name="name"
        value={values.name}
        error={form.errors.name}
        hint="What the webhook is for, e.g. 'Order updates'."
        onChange={(event) => change({ name: event.target.value })}
      />
      <TextField
        label="Target URL"
        name="target"
        type="url"
        value={values.target}
        error={form.errors.target}
        hint="We POST batches of events here as JSON. It must answer a test batch with a 2xx status."
        onChange={(event) => change({ target: event.target.value })}
      />
      <SwitchField
        label="Active"
        checked={values.active}
        hint="An inactive webhook receives nothing; events that happen meanwhile are not kept for it."
        onChange={(active) => change({ active })}
      />
      {withAuth ? <AuthFields values={values} errors={form.errors} onChange={change} /> : null}
      <LoadStatus
        loaded={groups}
        lines={4}
        loading="Loading the event types ..."
        failed="The event types could not be loaded"
      />
      {groups.data ? (
        <EventPicker
          groups={groups.data}
          chosen={values.events}
          onChange={(events) => change({ events })}
          error={form.errors.events}
        />
      ) : null}
      {answer ? <ReceiverAnswerView answer={answer} title="Your endpoint answered the test batch" /> : null}
    </EngineFormShell>
  );
}
