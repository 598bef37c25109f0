import type { PageIntegrations } from '@app/contract/marketing/page-domains';
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

type TextKey = Exclude<keyof PageIntegrations, 'askConsent'>;
interface Field {
  key: TextKey;
  label: string;
  placeholder: string;
}

const pixelFields: Field[] = [
  { key: 'ga', label: 'Google Analytics 4 measurement ID', placeholder: 'G-XXXXXXX' },
  { key: 'gtm', label: 'Google Tag Manager container ID', placeholder: 'GTM-XXXXXX' },
  { key: 'fbPixel', label: 'Meta Pixel ID', placeholder: '123456789012345' },
  { key: 'twPixel', label: 'X (Twitter) pixel ID', placeholder: 'o1a2b' },
  { key: 'linkedin', label: 'LinkedIn partner ID', placeholder: '1234567' },
  { key: 'tiktok', label: 'TikTok pixel ID', placeholder: 'C4ABCDEFGHIJ1234567K' },
  { key: 'snapchat', label: 'Snap Pixel ID', placeholder: '1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f' },
  // A chat box, but loaded from Crisp with its cookies, like the pixels: asked for with them.
  { key: 'crispChat', label: 'Crisp chat website ID', placeholder: '1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f' },
];

const chatFields: Field[] = [
  { key: 'whatsappChat', label: 'WhatsApp number', placeholder: '+6281234567890' },
  { key: 'whatsappText', label: 'WhatsApp message', placeholder: 'Hello, I have a question about …' },
  { key: 'telegram', label: 'Telegram username', placeholder: 'your_shop' },
  { key: 'facebookMessenger', label: "Facebook page's username", placeholder: 'yourshop' },
];

/** §3 the team's pixels and chat buttons, on its hosted pages only: never in the console. */
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
  const input = (field: Field) => (
    <TextField
      key={field.key}
      label={field.label}
      placeholder={field.placeholder}
      disabled={!canManage}
      value={values[field.key] ?? ''}
      error={problem?.field === field.key ? problem.message : undefined}
      onChange={(event) => setValues({ ...values, [field.key]: event.target.value.trim() || null })}
    />
  );
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
      {pixelFields.map(input)}
      <SwitchField
        label="Ask visitors before the pixels load"
        checked={values.askConsent}
        disabled={!canManage}
        hint="A banner on your pages asks for consent to the cookies of the pixels and of Crisp's chat (the EU's rules); nothing of the vendors loads until the visitor accepts."
        onChange={(askConsent) => setValues({ ...values, askConsent })}
      />
      <fieldset className="pixels-chats">
        <legend>Chat buttons</legend>
        <p className="muted">
          Buttons in a corner of your pages that open a chat with you in the visitor's app. They are plain
          links: nothing is loaded from the chat services and no consent is needed.
        </p>
        {chatFields.map(input)}
      </fieldset>
      {canManage ? (
        <Button type="submit" busy={busy}>
          Save pixels
        </Button>
      ) : null}
    </form>
  );
}
