import type { TwoFactorSetupData } from '@app/contract';
import { $user, Alert, Button, FormError, formSchema, TextField, useZodForm } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountApi } from '../api.ts';
import { CodeField } from '../code-field.tsx';

/**
 * TOTP enrolment: set up (QR code and secret), confirm with a code and receive the recovery codes,
 * or turn off with password and code.
 */
export function TwoFactorSettings() {
  const user = useStore($user);
  const [setup, setSetup] = useState<TwoFactorSetupData | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enabled = Boolean(user?.twoFactorEnabled);

  const start = async () => {
    setError(null);
    try {
      setSetup(await accountApi.setupTwoFactor());
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {error ? <Alert type="danger">{error}</Alert> : null}
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      {enabled ? <DisableForm /> : null}
      {!enabled && !setup ? (
        <>
          <p>Protect your account with a code from an authenticator app each time you sign in.</p>
          <Button onClick={() => void start()}>Set up two-factor authentication</Button>
        </>
      ) : null}
      {!enabled && setup ? (
        <EnableForm
          setup={setup}
          onDone={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : null}
    </section>
  );
}

/** The recovery codes, shown once right after enrolment: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="app-card">
      <h3 id="recovery-codes-title">Your recovery codes</h3>
      <p>
        If you lose your phone, sign in with one of these codes instead of a code from the app. Each works
        once. Save them somewhere safe now: they are not shown again.
      </p>
      <ol data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: '1.05rem' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button variant="secondary" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </section>
  );
}

function EnableForm({
  setup,
  onDone,
}: {
  setup: TwoFactorSetupData;
  onDone: (recoveryCodes: string[]) => void;
}) {
  const form = useZodForm(formSchema('twoFactorEnableBody'), { code: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ code }) => {
          const { recoveryCodes } = await accountApi.enableTwoFactor(code);
          const user = $user.get();
          if (user) $user.set({ ...user, twoFactorEnabled: true });
          onDone(recoveryCodes);
        });
      }}
    >
      <p>Scan the QR code with your authenticator app, or type the secret, then enter the code it shows.</p>
      <img src={setup.qrDataUrl} alt="QR code for your authenticator app" width={180} height={180} />
      <p>
        Secret: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <FormError message={form.formError} />
      <CodeField label="Code from the app" {...form.field('code', (value) => value.replace(/\D/g, ''))} />
      <Button type="submit" busy={form.busy}>
        Turn on two-factor authentication
      </Button>
    </form>
  );
}

function DisableForm() {
  const form = useZodForm(formSchema('twoFactorDisableBody'), { password: '', code: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ password, code }) => {
          await accountApi.disableTwoFactor(password, code);
          const user = $user.get();
          if (user) $user.set({ ...user, twoFactorEnabled: false });
        });
      }}
    >
      <Alert type="success">Two-factor authentication is on.</Alert>
      <FormError message={form.formError} />
      <TextField
        label="Password"
        type="password"
        {...form.field('password')}
        autoComplete="current-password"
      />
      <CodeField label="Code from the app" {...form.field('code', (value) => value.replace(/\D/g, ''))} />
      <Button type="submit" variant="danger" busy={form.busy}>
        Turn off two-factor authentication
      </Button>
    </form>
  );
}
