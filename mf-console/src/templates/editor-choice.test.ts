import { describe, expect, it } from 'vitest';
import { editorModeOf, templateIdProblem, withEditorMode } from './editor-choice.ts';

describe('editor choice', () => {
  it('opens in the block editor only when the URL asks for it', () => {
    expect(editorModeOf('?editor=design')).toBe('design');
    expect(editorModeOf('?editor=code')).toBe('code');
    expect(editorModeOf('')).toBe('code');
  });

  it('switches the URL between the modes, keeping other query values', () => {
    expect(withEditorMode('/template/add', '?a=1', 'design')).toBe('/template/add?a=1&editor=design');
    expect(withEditorMode('/template/edit/x', '?editor=design&a=1', 'code')).toBe('/template/edit/x?a=1');
    expect(withEditorMode('/template/add', '', 'code')).toBe('/template/add');
  });

  it('checks a new template ID as the engine does', () => {
    expect(templateIdProblem('')).toBe('A template ID is required');
    expect(templateIdProblem('welcome-2')).toBeNull();
    expect(templateIdProblem('has space')).toMatch(/only letters/);
    expect(templateIdProblem('x'.repeat(65))).toMatch(/at most 64/);
  });
});
