import type { FormCaptchaKind } from '@app/contract/marketing/forms';
import { useEffect, useRef } from 'react';

export type ProviderKind = Exclude<FormCaptchaKind, 'proofOfWork'>;

/** What hCaptcha, Turnstile and reCAPTCHA v2 share: an explicit render into an element, and a reset. */
interface Widgets {
  render(
    container: HTMLElement,
    options: { sitekey: string; callback(token: string): void; 'expired-callback'(): void },
  ): string | number;
  reset(widget?: string | number): void;
}

/** Each provider's script (rendered explicitly, calling `onload` when ready) and the global it defines. */
const providerScripts: Record<ProviderKind, { src: string; global: string }> = {
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit&onload=', global: 'hcaptcha' },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=',
    global: 'turnstile',
  },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit&onload=', global: 'grecaptcha' },
};

const loading = new Map<ProviderKind, Promise<Widgets>>();
const globals = window as unknown as Record<string, unknown>;

/** The provider's widgets: the page's own when it loaded the script already, else its script loaded once. */
function loadProvider(kind: ProviderKind): Promise<Widgets> {
  const { src, global } = providerScripts[kind];
  const present = globals[global] as Partial<Widgets> | undefined;
  if (present?.render) return Promise.resolve(present as Widgets);
  let loaded = loading.get(kind);
  if (!loaded) {
    loaded = new Promise<Widgets>((resolve, reject) => {
      const ready = `signupFormCaptcha_${kind}`;
      globals[ready] = () => resolve(globals[global] as Widgets);
      const script = document.createElement('script');
      script.src = `${src}${ready}`;
      script.async = true;
      script.onerror = () => {
        loading.delete(kind);
        reject(new Error('The captcha could not be loaded. Check your connection and try again.'));
      };
      document.head.append(script);
    });
    loading.set(kind, loaded);
  }
  return loaded;
}

/**
 * The company's captcha provider's widget. The provider draws into an element of the page (its
 * scripts and frames do not work inside a shadow root), projected into the form by the `captcha`
 * slot. `onToken` gets the visitor's token, or undefined when it expired or was reset; a new
 * `resetCount` asks for a new check (a token is good once).
 */
export function ProviderCaptcha({
  kind,
  siteKey,
  resetCount,
  onToken,
  onFailure,
}: {
  kind: ProviderKind;
  siteKey: string;
  resetCount: number;
  onToken: (token: string | undefined) => void;
  onFailure: (message: string) => void;
}) {
  const slot = useRef<HTMLSlotElement>(null);
  const widget = useRef<{ widgets: Widgets; id: string | number } | undefined>(undefined);
  const callbacks = useRef({ onToken, onFailure });
  callbacks.current = { onToken, onFailure };

  useEffect(() => {
    const root = slot.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const container = document.createElement('div');
    container.slot = 'captcha';
    root.host.append(container);
    let live = true;
    loadProvider(kind).then(
      (widgets) => {
        if (!live) return;
        const id = widgets.render(container, {
          sitekey: siteKey,
          callback: (token) => callbacks.current.onToken(token),
          'expired-callback': () => callbacks.current.onToken(undefined),
        });
        widget.current = { widgets, id };
      },
      (error: Error) => live && callbacks.current.onFailure(error.message),
    );
    return () => {
      live = false;
      widget.current = undefined;
      container.remove();
    };
  }, [kind, siteKey]);

  useEffect(() => {
    if (resetCount === 0 || !widget.current) return;
    widget.current.widgets.reset(widget.current.id);
    callbacks.current.onToken(undefined);
  }, [resetCount]);

  return <slot ref={slot} name="captcha" part="captcha" />;
}
