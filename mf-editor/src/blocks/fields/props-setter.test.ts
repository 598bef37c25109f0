import { describe, expect, it, vi } from 'vitest';
import { textBinder } from './props-setter.ts';

describe('a text prop bound to its field', () => {
  const props = { title: 'Sale', size: 3 };

  it('hands the value out and the whole props back with the one text changed', () => {
    const onChange = vi.fn();
    const field = textBinder(props, onChange)('title');
    expect(field.value).toBe('Sale');
    expect(field.error).toBeUndefined();
    field.onChange('Winter sale');
    expect(onChange).toHaveBeenCalledWith({ title: 'Winter sale', size: 3 });
  });

  it('says when the text is longer than the limit', () => {
    const field = textBinder({ title: 'x'.repeat(11) }, vi.fn())('title', 10);
    expect(field.error).toBe('Use at most 10 characters');
  });
});
