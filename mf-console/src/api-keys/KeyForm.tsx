import type { ApiKeyCreateBody } from '@app/contract';
import { EngineFormShell, fieldErrorsOf, formSchema, humanIssueMessage, useEngineForm } from '@app/shared';
import type { ReactNode } from 'react';
import { KeyFields, type KeyFormValues, useKeyFields } from './KeyFields.tsx';

export type { KeyFormValues } from './KeyFields.tsx';

/** Engine parameter → form field, for the engine's refusals. */
const engineFields = { label: 'label', grants: 'grants', valid_ips: 'validIps', key_grants: 'grants' };

/**
 * Label, grants ("All" or a selection) and allowed IPs of a key, checked as the engine checks them
 * before the call; the engine's own refusal lands on its field or above the buttons.
 */
export function KeyForm({
  initial,
  forSubaccount,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  initial: KeyFormValues;
  forSubaccount: boolean;
  submitLabel: string;
  onSubmit: (body: ApiKeyCreateBody) => Promise<void>;
  onCancel: () => void;
  /** Fields shown above the label (the subaccount choice on the create page). */
  children?: ReactNode;
}) {
  const form = useEngineForm(engineFields);
  const fields = useKeyFields(initial, forSubaccount);

  async function submit() {
    const body: ApiKeyCreateBody = { label: fields.label, grants: fields.chosenGrants() };
    const validIps = fields.validIps();
    if (validIps) body.valid_ips = validIps;
    const parsed = (await formSchema('apiKeyCreateBody')()).safeParse(body, { error: humanIssueMessage });
    const found: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (found.valid_ips) found.validIps = found.valid_ips;
    const ipError = fields.ipsError();
    if (ipError) found.validIps = ipError;
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      return;
    }
    await form.run(() => onSubmit(body));
  }

  return (
    <EngineFormShell form={form} onSubmit={submit} submitLabel={submitLabel} onCancel={onCancel}>
      {children}
      <KeyFields
        fields={fields}
        form={form}
        labelField={{
          label: 'Label',
          name: 'label',
          field: 'label',
          hint: "What the key is for, e.g. 'Checkout emails' or 'CI tests'.",
        }}
      />
    </EngineFormShell>
  );
}
