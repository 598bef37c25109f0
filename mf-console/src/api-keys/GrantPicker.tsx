import { Button, CheckboxField, SelectField } from '@app/shared';
import { allowedGrants, grantAreas, grantPresets, grantsMyRoleOpens } from './grants.ts';

/**
 * An API key's grants as SparkPost offers them: "All" (every grant the key may hold) or "Select"
 * (checkboxes by area, with presets to start from). A subaccount's key sees only the grants it may hold.
 */
export function GrantPicker({
  forSubaccount,
  kept = [],
  mode,
  grants,
  onChange,
  error,
}: {
  forSubaccount: boolean;
  /** Grants the key holds that the user's role cannot give: shown as kept. */
  kept?: readonly string[];
  mode: 'all' | 'select';
  grants: readonly string[];
  onChange: (mode: 'all' | 'select', grants: string[]) => void;
  error?: string;
}) {
  const opened = grantsMyRoleOpens();
  const allowed = allowedGrants(forSubaccount, opened);
  const limitedByRole = opened !== 'all';
  const toggle = (grant: string, on: boolean) =>
    onChange(
      'select',
      on ? [...grants.filter((held) => held !== grant), grant] : grants.filter((held) => held !== grant),
    );
  return (
    <div>
      <SelectField
        label="API permissions"
        value={mode}
        options={[
          {
            value: 'all',
            label: limitedByRole
              ? 'All: every grant this key may hold that your role opens'
              : 'All: every grant this key may hold',
          },
          { value: 'select', label: 'Select: only the grants chosen below' },
        ]}
        onChange={(value) =>
          onChange(
            value === 'all' ? 'all' : 'select',
            grants.filter((grant) => allowed.includes(grant as never)),
          )
        }
        hint={[
          forSubaccount
            ? 'A subaccount key may send, read its events and manage its domains, suppressions and webhooks.'
            : 'Give a key only what the program using it needs.',
          limitedByRole
            ? 'Only the grants your role opens are offered: nobody gives what they do not hold.'
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
      />
      {kept.length > 0 ? (
        <p className="muted">
          The key also keeps grants your role cannot give: {kept.join(', ')}. They stay as they are.
        </p>
      ) : null}
      {mode === 'select' ? (
        <>
          <p className="app-page-actions">
            <span className="muted">Start from a preset:</span>
            {grantPresets.map((preset) => (
              <Button
                key={preset.name}
                variant="secondary"
                size="small"
                onClick={() =>
                  onChange(
                    'select',
                    preset.grants.filter((grant) => allowed.includes(grant)),
                  )
                }
              >
                {preset.name}
              </Button>
            ))}
          </p>
          {error ? (
            <p className="app-field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="app-form-row">
            {grantAreas.map(({ area, grants: areaGrants }) => {
              const offered = areaGrants.filter(({ grant }) => allowed.includes(grant));
              if (offered.length === 0) return null;
              return (
                <fieldset key={area} className="app-check-group">
                  <legend>{area}</legend>
                  {offered.map(({ grant, label }) => (
                    <CheckboxField
                      key={grant}
                      label={
                        <>
                          {label} <code className="muted">{grant}</code>
                        </>
                      }
                      checked={grants.includes(grant)}
                      onChange={(on) => toggle(grant, on)}
                    />
                  ))}
                </fieldset>
              );
            })}
          </div>
        </>
      ) : null}
    </div>
  );
}
