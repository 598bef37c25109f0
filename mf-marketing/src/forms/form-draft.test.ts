import { describe, expect, it } from 'vitest';
import { embedSnippet, iframeSnippet, moved, newComponent, withoutComponent } from './form-draft.ts';

describe('the form builder draft', () => {
  it('gives choice fields two options, other fields none, and every id its own', () => {
    const dropdown = newComponent('inputDropdown', 'Size');
    expect(dropdown.setting.options?.map((option) => option.label)).toEqual(['Option 1', 'Option 2']);
    expect(newComponent('inputText', 'Name').setting.options).toBeUndefined();
    const ids = new Set(Array.from({ length: 50 }, () => newComponent('inputText', 'x').id));
    expect(ids.size).toBe(50);
  });

  it('moves a field within the list and removes one from the options that showed it', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    const parent = {
      id: 'p',
      type: 'inputDropdown' as const,
      setting: {
        title: 'Shop?',
        required: true,
        options: [{ optionId: 'yes', label: 'Yes', childs: ['c', 'd'] }],
      },
    };
    const left = withoutComponent([parent, newComponent('inputText', 'c')], 'c');
    expect(left[0]?.setting.options?.[0]?.childs).toEqual(['d']);
  });

  it('writes the embed code against the server the form is published on', () => {
    expect(embedSnippet({ formId: '12', url: 'https://mail.example.com/embed/forms/12' })).toBe(
      '<script type="module" src="https://mail.example.com/embed/signup-form.js"></script>\n<signup-form form-id="12"></signup-form>',
    );
  });

  it("frames the hosted form with its name as the frame's title, escaped", () => {
    expect(iframeSnippet({ name: 'Join "us" <now>', hostedUrl: 'https://pages.example.com/forms/12' })).toBe(
      '<iframe src="https://pages.example.com/forms/12" title="Join &#34;us&#34; &#60;now&#62;" loading="lazy" style="border:0;width:100%;min-height:560px"></iframe>',
    );
  });
});
