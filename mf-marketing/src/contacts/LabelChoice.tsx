import { CheckboxField } from '@app/shared';

/** A checkbox per label (or segment) of the company, under `legend`; nothing when it has none. */
export function LabelChoice({
  legend,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  labels: readonly { id: string; name: string }[];
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
