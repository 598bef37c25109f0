import type { FormComponent } from '@app/contract/marketing/forms';
import { formFieldTypes } from '@app/contract/rules/constants';
import { choiceComponentTypes } from '@app/contract/rules/form-logic';
import { Button, ChecklistField, SelectField, type SelectOption, SwitchField, TextField } from '@app/shared';
import { canShowFields, newId } from './form-draft.ts';

const typeLabel = new Map<string, string>(formFieldTypes.map((field) => [field.type, field.label]));

/**
 * One question of the form in the builder: its title, whether it is required, the contact field its
 * answer fills, its options (and, in conditional mode, the fields each option shows), moved up or
 * down, removed.
 */
export function FieldCard({
  component,
  position,
  count,
  others,
  contactFields,
  conditional,
  onChange,
  onMove,
  onRemove,
}: {
  component: FormComponent;
  position: number;
  count: number;
  /** The form's other questions, which an option may show. */
  others: readonly SelectOption[];
  /** The contact fields an answer may fill: tag and name. */
  contactFields: readonly SelectOption[];
  conditional: boolean;
  onChange: (next: FormComponent) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { setting, type } = component;
  const set = (patch: Partial<FormComponent['setting']>) =>
    onChange({ ...component, setting: { ...setting, ...patch } });
  const options = setting.options ?? [];
  const setOptions = (next: typeof options) => set({ options: next });
  const title = setting.title || `Question ${position + 1}`;
  const fieldChoices = [
    { value: '', label: 'Not saved to the contact' },
    // The address is asked with a Short Answer field only.
    ...contactFields.filter((field) => field.value !== 'email' || type === 'inputText'),
  ];
  return (
    <li className="form-builder-field" aria-label={`${title} (${typeLabel.get(type)})`}>
      <header className="form-builder-field-header">
        <strong>{typeLabel.get(type)}</strong>
        <span className="app-page-actions">
          <Button variant="text" size="small" disabled={position === 0} onClick={() => onMove(-1)}>
            Move up
          </Button>
          <Button variant="text" size="small" disabled={position === count - 1} onClick={() => onMove(1)}>
            Move down
          </Button>
          <Button variant="text" size="small" onClick={onRemove}>
            Remove
          </Button>
        </span>
      </header>
      <div className="app-form-row">
        <TextField
          label="Question"
          maxLength={300}
          value={setting.title}
          error={setting.title.trim() ? undefined : 'Enter the question'}
          onChange={(event) => set({ title: event.target.value })}
        />
        {type === 'uploadFile' ? (
          <p className="muted">
            A file of a type the product allows (images, documents, audio, video, archives), at most 20 MB.
            Download it from the submissions.
          </p>
        ) : (
          <SelectField
            label="Saves to contact field"
            value={setting.field ?? ''}
            options={fieldChoices}
            onChange={(value) => {
              const { field: _left, ...rest } = setting;
              onChange({ ...component, setting: value ? { ...rest, field: value } : rest });
            }}
          />
        )}
      </div>
      <SwitchField label="Required" checked={setting.required} onChange={(required) => set({ required })} />
      {choiceComponentTypes.includes(type) ? (
        <fieldset className="form-builder-options">
          <legend>Options</legend>
          {options.map((option, index) => (
            <div key={option.optionId} className="form-builder-option">
              <TextField
                label={`Option ${index + 1}`}
                maxLength={200}
                value={option.label}
                error={option.label.trim() ? undefined : 'Enter the option text'}
                onChange={(event) =>
                  setOptions(
                    options.map((item, at) => (at === index ? { ...item, label: event.target.value } : item)),
                  )
                }
              />
              {conditional && canShowFields(component) ? (
                <ChecklistField
                  label="Shows"
                  noneLabel="No other field"
                  values={option.childs ?? []}
                  options={others}
                  onChange={(childs) =>
                    setOptions(options.map((item, at) => (at === index ? { ...item, childs } : item)))
                  }
                />
              ) : null}
              <Button
                variant="text"
                size="small"
                disabled={options.length === 1}
                onClick={() => setOptions(options.filter((_, at) => at !== index))}
              >
                Remove option {index + 1}
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="small"
            disabled={options.length >= 100}
            onClick={() =>
              setOptions([...options, { optionId: newId('o'), label: `Option ${options.length + 1}` }])
            }
          >
            Add option
          </Button>
        </fieldset>
      ) : null}
    </li>
  );
}
