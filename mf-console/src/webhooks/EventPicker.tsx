import { Button, CheckboxField } from '@app/shared';
import type { EventGroup } from './api.ts';

/** The events a webhook receives: checkboxes grouped as the engine's events documentation groups them. */
export function EventPicker({
  groups,
  chosen,
  onChange,
  error,
}: {
  groups: readonly EventGroup[];
  chosen: readonly string[];
  onChange: (events: string[]) => void;
  error?: string;
}) {
  const every = groups.flatMap((group) => group.events.map((event) => event.type));
  const toggle = (type: string, on: boolean) =>
    onChange(on ? [...chosen.filter((held) => held !== type), type] : chosen.filter((held) => held !== type));
  const setGroup = (group: EventGroup, on: boolean) => {
    const types = group.events.map((event) => event.type);
    onChange(on ? [...new Set([...chosen, ...types])] : chosen.filter((held) => !types.includes(held)));
  };
  return (
    <div>
      <h2 style={{ fontSize: '1rem', margin: '16px 0 4px' }}>Events</h2>
      <p className="app-page-actions">
        <span className="muted">
          {chosen.length} of {every.length} events chosen.
        </span>
        <Button variant="secondary" size="small" onClick={() => onChange(every)}>
          Choose all events
        </Button>
        <Button variant="secondary" size="small" onClick={() => onChange([])}>
          Clear
        </Button>
      </p>
      {error ? (
        <p className="app-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="app-form-row">
        {groups.map((group) => {
          const all = group.events.every((event) => chosen.includes(event.type));
          return (
            <fieldset key={group.key} className="app-check-group">
              <legend>{group.label}</legend>
              <p style={{ margin: '0 0 8px' }}>
                <Button variant="text" size="small" onClick={() => setGroup(group, !all)}>
                  {all ? `Clear: ${group.label}` : `Choose all: ${group.label}`}
                </Button>
              </p>
              {group.events.map((event) => (
                <CheckboxField
                  key={event.type}
                  label={
                    <>
                      {event.label} <code>{event.type}</code>
                    </>
                  }
                  checked={chosen.includes(event.type)}
                  onChange={(on) => toggle(event.type, on)}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
