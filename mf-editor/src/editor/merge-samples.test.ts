import { describe, expect, it } from 'vitest';
import { withSamples } from './merge-samples.ts';

const samples = { firstname: 'Alex', company: 'Fish & <Chips>', view_in_browser_url: '#' };

describe('sample values in the preview', () => {
  it('fills the known tags, escaped in markup, and leaves the others as written', () => {
    expect(withSamples('<p>Hi {{firstname}} of {{ company }}, {{unknown}}</p>', samples, 'html')).toBe(
      '<p>Hi Alex of Fish &#38; &#60;Chips&#62;, {{unknown}}</p>',
    );
    expect(withSamples('Hi {{firstname}} of {{company}}', samples, 'text')).toBe('Hi Alex of Fish & <Chips>');
    expect(withSamples('<a href="{{view_in_browser_url}}">View</a>', samples, 'html')).toBe(
      '<a href="#">View</a>',
    );
  });

  it("never takes an object's own keys for tags", () => {
    expect(withSamples('{{constructor}} {{__proto__}}', samples, 'text')).toBe(
      '{{constructor}} {{__proto__}}',
    );
  });
});
