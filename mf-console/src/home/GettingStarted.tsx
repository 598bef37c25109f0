import { LinkButton, Panel } from '@app/shared';
import type { ChecklistStep } from './checklist.ts';

/**
 * The newcomer's checklist: each step says why it matters and links to where it is done. Once every
 * step is done the list folds away (it can still be opened), leaving room for the analytics below.
 */
export function GettingStarted({ steps }: { steps: ChecklistStep[] }) {
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);
  const list = (
    <ol className="app-checklist">
      {steps.map((step) => (
        <li key={step.id} data-done={step.done ? 'true' : 'false'}>
          <span className="app-checklist-mark" aria-hidden="true">
            {step.done ? '✓' : steps.indexOf(step) + 1}
          </span>
          <div>
            <strong>{step.title}</strong>
            <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
            <p className="muted">{step.why}</p>
          </div>
          {step.done ? null : (
            <LinkButton to={step.to} size="small" variant={step === next ? 'primary' : 'secondary'}>
              {step.action}
            </LinkButton>
          )}
        </li>
      ))}
    </ol>
  );
  return (
    <div id="getting-started">
      <Panel title="Getting started">
        <p className="muted">
          {done} of {steps.length} done
          {next ? ` · next: ${next.title.toLowerCase()}` : ' · your account is ready to send'}
        </p>
        <sl-progress-bar value={Math.round((done / steps.length) * 100)} label="Getting started progress" />
        {next ? (
          list
        ) : (
          <details style={{ marginTop: 12 }}>
            <summary>Show the steps</summary>
            {list}
          </details>
        )}
      </Panel>
    </div>
  );
}
