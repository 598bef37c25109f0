import type { Label } from '@app/contract/marketing/contacts';
import { CheckboxField } from '@app/shared';

/** A checkbox per label of the company, under `legend`; nothing when it has no labels. */
export function LabelChoice({
  legend,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  labels: readonly Label[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  if (labels.length === 0) return null;
  return (
    <fieldset className="app-check-group">
      <legend>{legend}</legend>
      {labels.map((label) => (
        <CheckboxField
          key={label.id}
          label={label.name}
          checked={chosen.includes(label.id)}
          onChange={(checked) =>
            onChange(checked ? [...chosen, label.id] : chosen.filter((id) => id !== label.id))
          }
        />
      ))}
    </fieldset>
  );
}
