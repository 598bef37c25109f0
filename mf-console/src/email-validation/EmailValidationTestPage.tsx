import type { RecipientValidationResult } from '@app/contract';
import { ApiError, Button, engineMessage, FormError, LinkButton, Page, Panel, TextField } from '@app/shared';
import { useState } from 'react';
import { validateAddress } from './api.ts';
import { ValidationResult } from './ValidationResult.tsx';

/**
 * /email-validation-test: checks one address (syntax, the domain's mail server, disposable, role and
 * free providers, typos of popular domains) and explains the verdict.
 */
export function EmailValidationTestPage() {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<{ address: string; result: RecipientValidationResult }>();

  const check = async (value: string) => {
    const trimmed = value.trim();
    setFormError(null);
    if (!trimmed) {
      setError('Enter an email address to check');
      return;
    }
    setBusy(true);
    try {
      setChecked({ address: trimmed, result: await validateAddress(trimmed) });
    } catch (failure) {
      setFormError(
        failure instanceof ApiError && failure.status === 429
          ? engineMessage(failure)
          : `The address could not be checked: ${engineMessage(failure)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title="Email Validation Test"
      description="Check one address before you send to it: whether it is well formed, whether its domain receives mail, and whether it looks risky."
      actions={<LinkButton to="/email-validation">Validate a list</LinkButton>}
    >
      <Panel>
        <form
          noValidate
          aria-label="Check an address"
          onSubmit={(event) => {
            event.preventDefault();
            void check(address);
          }}
        >
          <TextField
            label="Email address"
            type="email"
            placeholder="name@example.com"
            autoComplete="off"
            value={address}
            error={error}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(undefined);
            }}
          />
          <FormError message={formError} />
          <Button type="submit" busy={busy}>
            Check address
          </Button>
        </form>
      </Panel>
      {checked ? (
        <Panel title="Result">
          <ValidationResult
            address={checked.address}
            result={checked.result}
            onTrySuggestion={(suggestion) => {
              setAddress(suggestion);
              void check(suggestion);
            }}
          />
        </Panel>
      ) : null}
    </Page>
  );
}
