import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

export function Button({
  variant = 'primary',
  busy = false,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger';
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      className="app-button"
      data-variant={variant}
      disabled={busy || rest.disabled}
      {...rest}
    >
      {busy ? <span className="app-spinner" style={{ width: 16, height: 16 }} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className="app-field" data-invalid={error ? 'true' : 'false'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="app-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {hint && !error ? <span className="muted">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="app-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Alert({
  type,
  children,
}: {
  type: 'info' | 'success' | 'warning' | 'danger';
  children: ReactNode;
}) {
  return (
    <div
      className="app-alert"
      data-type={type}
      role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading ...' }: { label?: string }) {
  return (
    <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: 32 }}>
      <div className="app-spinner" aria-hidden="true" />
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
