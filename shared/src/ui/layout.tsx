import { type ReactNode, useId } from 'react';

/** A console page: its §2 title as the one h1, what it is for, and its main actions. */
export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="app-page" aria-labelledby={id}>
      <header className="app-page-header">
        <div>
          <h1 id={id}>{title}</h1>
          {description ? <p className="muted app-page-description">{description}</p> : null}
        </div>
        {actions ? <div className="app-page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A titled card inside a page. */
export function Panel({
  title,
  actions,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="app-card app-panel" aria-labelledby={title ? id : undefined}>
      {title || actions ? (
        <header className="app-panel-header">
          {title ? <h2 id={id}>{title}</h2> : <span />}
          {actions ? <div className="app-page-actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/** What a list with nothing in it says: what the list is for and what to do next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="app-empty-state">
      <h2>{title}</h2>
      {children ? <p className="muted">{children}</p> : null}
      {action}
    </div>
  );
}

/** Grey placeholder lines while a page's data loads (announced once as loading). */
export function Skeleton({ lines = 3, label = 'Loading ...' }: { lines?: number; label?: string }) {
  return (
    <div className="app-skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <sl-skeleton key={index} effect="pulse" style={{ width: `${100 - (index % 3) * 15}%` }} />
      ))}
    </div>
  );
}

/** A small coloured label for a state (verified, pending, failed ...). */
export function StatusTag({
  variant,
  children,
}: {
  variant: 'success' | 'warning' | 'danger' | 'neutral' | 'primary';
  children: ReactNode;
}) {
  return (
    <sl-tag size="small" variant={variant}>
      {children}
    </sl-tag>
  );
}

/** A hint shown on hover and focus of its child. */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return <sl-tooltip content={content}>{children}</sl-tooltip>;
}

/** Labelled tabs, the first one shown at first; each panel is displayed only while its tab is chosen. */
export function Tabs({
  label,
  tabs,
}: {
  label: string;
  tabs: Array<{ id: string; title: string; content: ReactNode }>;
}) {
  return (
    <sl-tab-group aria-label={label}>
      {/* The first tab starts active: Shoelace only picks one once the group scrolls into view. */}
      {tabs.map((tab, index) => (
        <sl-tab key={`tab-${tab.id}`} slot="nav" panel={tab.id} active={index === 0}>
          {tab.title}
        </sl-tab>
      ))}
      {tabs.map((tab, index) => (
        <sl-tab-panel key={`panel-${tab.id}`} name={tab.id} active={index === 0}>
          {tab.content}
        </sl-tab-panel>
      ))}
    </sl-tab-group>
  );
}
