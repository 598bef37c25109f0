import { netmaskLines } from '@app/contract';
import type { EngineForm } from '@app/shared';
import { consoleFeature, TextField } from '@app/shared';
import { useState } from 'react';
import { AllowedIpsField, allowedIpsError } from './AllowedIpsField.tsx';
import { GrantPicker } from './GrantPicker.tsx';
import { allowedGrants, grantsMyRoleOpens, savedGrants } from './grants.ts';

export interface KeyFormValues {
  label: string;
  grants: readonly string[];
  validIps: readonly string[];
}

/** The label, grants ("All" or a selection) and allowed IPs of a key being written, and what they make. */
export function useKeyFields(initial: KeyFormValues, forSubaccount: boolean) {
  const allowed = allowedGrants(forSubaccount, grantsMyRoleOpens());
  const startsWithAll = initial.grants.length > 0 && allowed.every((grant) => initial.grants.includes(grant));
  const [label, setLabel] = useState(initial.label);
  const [mode, setMode] = useState<'all' | 'select'>(startsWithAll ? 'all' : 'select');
  const [grants, setGrants] = useState<string[]>([...initial.grants]);
  const [ips, setIps] = useState(initial.validIps.join('\n'));
  const showIps = consoleFeature('apiKey.allowedIps');

  return {
    forSubaccount,
    /** Grants the key holds that the user's role cannot give: not offered, kept as they are. */
    kept: initial.grants.filter((grant) => !allowed.includes(grant as never)),
    label,
    setLabel,
    mode,
    grants,
    ips,
    setIps,
    showIps,
    pick(nextMode: 'all' | 'select', nextGrants: string[]) {
      setMode(nextMode);
      setGrants(nextGrants);
    },
    /** The grants the key gets: all offered, or those chosen; with those kept. */
    chosenGrants: () => savedGrants(mode, grants, allowed, initial.grants),
    /** The allowed IPs, when the §6 flag shows them. */
    validIps: () => (showIps ? netmaskLines(ips) : undefined),
    ipsError: () => (showIps ? allowedIpsError(ips) : undefined),
  };
}

/** The key's fields; `labelField` names the label field (its own form or a part of another). */
export function KeyFields({
  fields,
  form,
  labelField,
}: {
  fields: ReturnType<typeof useKeyFields>;
  form: EngineForm;
  labelField: { label: string; name: string; field: string; hint?: string };
}) {
  return (
    <>
      <TextField
        label={labelField.label}
        name={labelField.name}
        value={fields.label}
        maxLength={1024}
        error={form.errors[labelField.field]}
        hint={labelField.hint}
        onChange={(event) => {
          fields.setLabel(event.target.value);
          form.clear(labelField.field);
        }}
      />
      <GrantPicker
        forSubaccount={fields.forSubaccount}
        kept={fields.kept}
        mode={fields.mode}
        grants={fields.grants}
        error={form.errors.grants}
        onChange={(nextMode, nextGrants) => {
          fields.pick(nextMode, nextGrants);
          form.clear('grants');
        }}
      />
      {fields.showIps ? (
        <AllowedIpsField
          value={fields.ips}
          error={form.errors.validIps}
          onChange={(value) => {
            fields.setIps(value);
            form.clear('validIps');
          }}
        />
      ) : null}
    </>
  );
}
