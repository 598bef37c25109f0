import { fontFamilies } from '@app/contract/editor/design-constants';
import type { InstantFormSettings } from '@app/contract/marketing/forms';
import { instantFormDefaults } from '@app/contract/marketing/instant-form';
import { Panel, SelectField, SwitchField, TextAreaField, TextField } from '@app/shared';

const placements = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];
const fonts = [
  { value: 'system', label: "The visitor's system font" },
  ...fontFamilies.map((family) => ({
    value: family,
    label: family.split(',')[0]?.replaceAll("'", '') ?? family,
  })),
];
const hexColour = /^#[0-9a-fA-F]{6}$/;

/** A colour as #rrggbb, with a swatch of it. */
function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const valid = hexColour.test(value);
  return (
    <TextField
      label={label}
      maxLength={7}
      value={value}
      error={valid ? undefined : 'Enter a colour like #1a2b3c'}
      suffix={
        <span
          aria-hidden="true"
          style={{
            display: 'inline-block',
            width: 16,
            height: 16,
            borderRadius: 4,
            border: '1px solid #999',
            background: valid ? value : 'transparent',
          }}
        />
      }
      onChange={(event) => onChange(event.target.value.trim())}
    />
  );
}

/**
 * §3 instant-form settings: how the form's hosted page (its own address and iframe) looks: heading,
 * words, logo, font, colours and theme. Where it goes after a submission is set under Behaviour.
 */
export function HostedPageSettings({
  value = instantFormDefaults,
  problems,
  onChange,
}: {
  value: InstantFormSettings | undefined;
  problems: Readonly<Record<string, string>>;
  onChange: (next: InstantFormSettings) => void;
}) {
  const set = (patch: Partial<InstantFormSettings>) => onChange({ ...value, ...patch });
  return (
    <Panel title="Hosted page">
      <p className="muted">How the form's own page (its address and iframe) looks around the questions.</p>
      <TextField
        label="Heading"
        maxLength={120}
        value={value.title}
        hint="The form's name when empty"
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextAreaField
        label="Words under the heading"
        rows={2}
        value={value.description}
        onChange={(description) => set({ description: description.slice(0, 1000) })}
      />
      <div className="app-form-row">
        <SelectField
          label="Heading alignment"
          value={value.headerAlign}
          options={placements}
          onChange={(headerAlign) => set({ headerAlign: headerAlign as InstantFormSettings['headerAlign'] })}
        />
        <SelectField
          label="Theme"
          value={value.theme}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          // A dark theme on the default white would be unreadable: its background follows.
          onChange={(theme) =>
            set({
              theme: theme as InstantFormSettings['theme'],
              ...(theme === 'dark' && value.background === '#ffffff' ? { background: '#111827' } : {}),
              ...(theme === 'light' && value.background === '#111827' ? { background: '#ffffff' } : {}),
            })
          }
        />
      </div>
      <div className="app-form-row">
        <SelectField
          label="Font"
          value={value.fontFamily}
          options={fonts}
          onChange={(fontFamily) => set({ fontFamily: fontFamily as InstantFormSettings['fontFamily'] })}
        />
        <TextField
          label="Font size"
          type="number"
          min={12}
          max={24}
          value={String(value.fontSize)}
          error={problems['settings.instant.fontSize']}
          onChange={(event) => set({ fontSize: Number(event.target.value) })}
        />
      </div>
      <div className="app-form-row">
        <ColourField
          label="Background"
          value={value.background}
          onChange={(background) => set({ background })}
        />
        <ColourField
          label="Success message colour"
          value={value.successColor}
          onChange={(successColor) => set({ successColor })}
        />
      </div>
      <SwitchField label="Show a logo" checked={value.showLogo} onChange={(showLogo) => set({ showLogo })} />
      {value.showLogo ? (
        <div className="app-form-row">
          <TextField
            label="Logo address"
            type="url"
            placeholder="https://"
            maxLength={2000}
            value={value.logo}
            error={problems['settings.instant.logo']}
            hint="An image of your File Manager or site"
            onChange={(event) => set({ logo: event.target.value.trim() })}
          />
          <SelectField
            label="Logo position"
            value={value.logoPosition}
            options={placements}
            onChange={(logoPosition) =>
              set({ logoPosition: logoPosition as InstantFormSettings['logoPosition'] })
            }
          />
        </div>
      ) : null}
    </Panel>
  );
}
