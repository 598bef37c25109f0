import { SelectField, TextField } from '@app/shared';
import type { AuthType, WebhookFormValues } from './webhook-form.ts';

type Errors = Partial<Record<keyof WebhookFormValues, string>>;

/** How the engine authenticates to the receiver (SparkPost's auth_type): none, basic or OAuth2 client credentials. */
export function AuthFields({
  values,
  errors,
  onChange,
}: {
  values: WebhookFormValues;
  errors: Errors;
  onChange: (patch: Partial<WebhookFormValues>) => void;
}) {
  const text = (field: keyof WebhookFormValues) => ({
    name: field,
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
  });
  return (
    <>
      <SelectField
        label="Authentication"
        value={values.authType}
        options={[
          { value: 'none', label: 'None' },
          { value: 'basic', label: 'Basic authentication (username and password)' },
          { value: 'oauth2', label: 'OAuth 2.0 (client credentials)' },
        ]}
        onChange={(value) => onChange({ authType: value as AuthType })}
        hint="How each POST proves it comes from us, besides the signature every batch carries."
      />
      {values.authType === 'basic' ? (
        <div className="app-form-row">
          <TextField label="Username" autoComplete="off" {...text('username')} />
          <TextField
            label="Password"
            type="password"
            passwordToggle
            autoComplete="new-password"
            {...text('password')}
          />
        </div>
      ) : null}
      {values.authType === 'oauth2' ? (
        <>
          <div className="app-form-row">
            <TextField label="Client ID" autoComplete="off" {...text('clientId')} />
            <TextField
              label="Client secret"
              type="password"
              passwordToggle
              autoComplete="new-password"
              {...text('clientSecret')}
            />
          </div>
          <TextField
            label="Token URL"
            type="url"
            hint="We request an access token here (grant type client_credentials) and send it as a Bearer token."
            {...text('tokenUrl')}
          />
        </>
      ) : null}
    </>
  );
}
