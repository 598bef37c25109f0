import type { PageIntegrations, PixelKey } from '@app/contract/marketing/page-domains';
import {
  ApiError,
  Button,
  FormError,
  LoadStatus,
  SwitchField,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { PageApi } from './api.ts';

const fields: { key: PixelKey; label: string; placeholder: string }[] = [
  { key: 'ga', label: 'Google Analytics 4 measurement ID', placeholder: 'G-XXXXXXX' },
  { key: 'gtm', label: 'Google Tag Manager container ID', placeholder: 'GTM-XXXXXX' },
  { key: 'fbPixel', label: 'Meta Pixel ID', placeholder: '123456789012345' },
  { key: 'linkedin', label: 'LinkedIn partner ID', placeholder: '1234567' },
];

/** §3 the team's pixels, loaded on its hosted pages only: never in the console. */
export function PixelsForm({ api, canManage }: { api: PageApi; canManage: boolean }) {
  const loaded = useLoad(() => api.integrations(), [api]);
  return (
    <>
      <LoadStatus loaded={loaded} lines={2} loading="Loading ..." failed="The pixels could not be loaded" />
      {loaded.data ? <Pixels api={api} first={loaded.data} canManage={canManage} /> : null}
    </>
  );
}

function Pixels({ api, first, canManage }: { api: PageApi; first: PageIntegrations; canManage: boolean }) {
  const [values, setValues] = useState(first);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Pixels"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        setBusy(true);
        try {
          setValues(await api.setIntegrations(values));
          showToast({ type: 'success', message: 'The pixels are saved: your pages load them from now on.' });
        } catch (error) {
          const payload =
            error instanceof ApiError
              ? (error.body as { payload?: { field?: string; cause?: string } } | undefined)?.payload
              : undefined;
          setProblem({
            message: payload?.cause ?? serverMessage(error),
            ...(payload?.field ? { field: payload.field } : {}),
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={problem && !problem.field ? problem.message : null} />
      {fields.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          placeholder={field.placeholder}
          disabled={!canManage}
          value={values[field.key] ?? ''}
          error={problem?.field === field.key ? problem.message : undefined}
          onChange={(event) => setValues({ ...values, [field.key]: event.target.value.trim() || null })}
        />
      ))}
      <SwitchField
        label="Ask visitors before the pixels load"
        checked={values.askConsent}
        disabled={!canManage}
        hint="A banner on your pages asks for consent to the pixels' cookies (the EU's rules); nothing of the vendors loads until the visitor accepts."
        onChange={(askConsent) => setValues({ ...values, askConsent })}
      />
      {canManage ? (
        <Button type="submit" busy={busy}>
          Save pixels
        </Button>
      ) : null}
    </form>
  );
}
