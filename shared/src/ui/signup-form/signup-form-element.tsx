import r2wc from '@r2wc/react-to-web-component';
import { useLayoutEffect, useRef } from 'react';
import { SignupForm, type SignupFormProps } from './SignupForm.tsx';
import { signupFormStyles } from './signup-form-styles.ts';

export const signupFormTag = 'signup-form';

let sheet: CSSStyleSheet | undefined;

/** The form, with its stylesheet adopted into the shadow root it renders in. */
function SignupFormHost(props: SignupFormProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(signupFormStyles);
    }
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, []);
  return (
    <div ref={ref}>
      <SignupForm {...props} />
    </div>
  );
}

/**
 * Defines `<signup-form>` (once): a published form in its own open shadow root. In: `form-id`,
 * `api-base` (the server; `defaultApiBase` when absent: the standalone script's own origin),
 * `redirect-target="top"` (after a submission, the next page opens in the whole window), or
 * `preview` (a form's definition as JSON, drawn without the server: the builder's preview). Out:
 * `submit` and `success` CustomEvents that bubble and cross shadow roots (composed), and `error`,
 * composed but dispatched on the element only.
 */
export function defineSignupForm(defaultApiBase = ''): void {
  if (customElements.get(signupFormTag)) return;
  const events = { bubbles: true, composed: true };
  // Not bubbling: an `error` event reaching the window would be taken for a script error by the
  // page's error trackers (and by test runners). Listen on the element.
  const error = { bubbles: false, composed: true };
  const Element = r2wc(
    (props: SignupFormProps) => <SignupFormHost {...props} apiBase={props.apiBase || defaultApiBase} />,
    {
      shadow: 'open',
      props: { formId: 'string', apiBase: 'string', preview: 'json', redirectTarget: 'string' },
      events: { onSubmit: events, onSuccess: events, onError: error },
    },
  );
  customElements.define(signupFormTag, Element);
}
