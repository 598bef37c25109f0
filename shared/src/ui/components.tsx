import type { ButtonHTMLAttributes, InputHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { navigate } from '../spa/navigation.ts';

/** The kit's button (Shoelace `sl-button`); `busy` shows a spinner and blocks a second click. */
export function Button({
  variant = 'primary',
  busy = false,
  size = 'medium',
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'text';
  busy?: boolean;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <sl-button
      variant={buttonVariants[variant]}
      size={size}
      type={type}
      loading={busy}
      // Always a boolean: React gives a custom element's property `undefined`, which left a button
      // that first showed busy disabled for good (the sign-in page's "Sign out other sessions").
      disabled={busy || disabled === true}
      {...rest}
    >
      {children}
    </sl-button>
  );
}

const buttonVariants = { primary: 'primary', secondary: 'default', danger: 'danger', text: 'text' } as const;

/**
 * A button-looking link: to a console route, followed through single-spa (no page reload), or with
 * `external` to a page the browser loads itself.
 */
export function LinkButton({
  to,
  variant = 'secondary',
  size = 'medium',
  external = false,
  children,
}: {
  to: string;
  variant?: 'primary' | 'secondary' | 'text';
  size?: 'small' | 'medium' | 'large';
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <sl-button
      href={to}
      variant={buttonVariants[variant]}
      size={size}
      onClick={(event: MouseEvent) => {
        if (external || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </sl-button>
  );
}

/** An in-app link that navigates through single-spa instead of reloading the page. */
export function AppLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Called on every keystroke with the field as the event target (so `event.target.value` reads it). */
  onChange?: (event: { target: { value: string } }) => void;
  /** Clicking the eye shows the password. */
  passwordToggle?: boolean;
  suffix?: ReactNode;
};

/** A labelled text input (Shoelace `sl-input`); the error replaces the hint and is announced. */
export function TextField({
  label,
  error,
  hint,
  onChange,
  passwordToggle,
  suffix,
  autoComplete,
  autoFocus,
  readOnly,
  maxLength,
  inputMode,
  className,
  ...input
}: TextFieldProps) {
  return (
    <sl-input
      className={['app-field', className].filter(Boolean).join(' ')}
      label={label}
      help-text={error ? undefined : hint}
      data-invalid={error ? 'true' : undefined}
      autocomplete={autoComplete}
      autofocus={autoFocus}
      readonly={readOnly}
      maxlength={maxLength}
      inputmode={inputMode}
      password-toggle={passwordToggle}
      onInput={(event: { target: EventTarget }) => onChange?.({ target: event.target as HTMLInputElement })}
      {...input}
    >
      {error ? (
        <div slot="help-text" className="app-field-error" role="alert">
          {error}
        </div>
      ) : null}
      {suffix ? <span slot="suffix">{suffix}</span> : null}
    </sl-input>
  );
}

/**
 * A notice inside the page, drawn with Shoelace's alert tokens. It is light DOM, not `sl-alert`:
 * `sl-alert` puts its role inside its shadow root around a slot, where the message is no longer the
 * role's own text for tools that read the document (Playwright's text matching among them).
 */
export function Alert({
  type,
  children,
  title,
}: {
  type: 'info' | 'success' | 'warning' | 'danger';
  children: ReactNode;
  title?: string;
}) {
  return (
    <div
      className="app-alert"
      data-type={type}
      role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}
    >
      {title ? <strong className="app-alert-title">{title}</strong> : null}
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading ...' }: { label?: string }) {
  return (
    <div role="status" className="app-spinner-block">
      <sl-spinner />
      <span>{label}</span>
    </div>
  );
}

export function AuthLayout({
  brand,
  title,
  children,
}: {
  brand: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-layout">
      <section className="app-card" aria-labelledby="auth-title">
        <div className="auth-brand">{brand}</div>
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** What a route of an area that is not built yet shows inside the shell: honest, not a fake page. */
export function AreaNotAvailable({ title }: { title: string }) {
  return (
    <section className="app-empty" aria-labelledby="area-title">
      <h1 id="area-title">{title}</h1>
      <p>This area is not available yet.</p>
      <p className="muted">It is part of a later release of the console.</p>
    </section>
  );
}

/** The form-level error of a form (a failure that belongs to no single field). */
export function FormError({ message }: { message: string | null }) {
  return message ? <Alert type="danger">{message}</Alert> : null;
}
