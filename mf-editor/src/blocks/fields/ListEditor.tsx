import { designLimits } from '@app/contract/editor/design-constants';
import type { ReactNode } from 'react';

/**
 * A list inside a block (links, items, points, rows): each entry in its own fieldset with move
 * up/down and remove, an add button below, at most designLimits.items entries and at least `min`.
 */
export function ListEditor<T>({
  noun,
  items,
  onChange,
  create,
  renderItem,
  min = 0,
}: {
  /** What one entry is called, e.g. "Link": legends say "Link 2", the button "Add link". */
  noun: string;
  items: readonly T[];
  onChange(items: T[]): void;
  create(): T;
  renderItem(item: T, update: (item: T) => void, index: number): ReactNode;
  min?: number;
}) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (moved !== undefined) next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <div>
      {items.map((item, index) => (
        <fieldset
          key={index}
          style={{ border: '1px solid #c4c4c4', borderRadius: 4, marginBlockEnd: '0.75rem' }}
        >
          <legend>
            {noun} {index + 1}
          </legend>
          {renderItem(
            item,
            (updated) => onChange(items.map((old, at) => (at === index ? updated : old))),
            index,
          )}
          <div style={{ display: 'flex', gap: '0.25rem', flexWrap: 'wrap' }}>
            <sl-button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
              Move up
            </sl-button>
            <sl-button
              size="small"
              disabled={index === items.length - 1}
              onClick={() => move(index, index + 1)}
            >
              Move down
            </sl-button>
            <sl-button
              size="small"
              variant="danger"
              outline
              disabled={items.length <= min}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              Remove {noun.toLowerCase()} {index + 1}
            </sl-button>
          </div>
        </fieldset>
      ))}
      <sl-button
        size="small"
        disabled={items.length >= designLimits.items}
        onClick={() => onChange([...items, create()])}
      >
        Add {noun.toLowerCase()}
      </sl-button>
      {items.length >= designLimits.items ? <p>A block holds at most {designLimits.items} entries.</p> : null}
    </div>
  );
}
