import { describe, expect, it } from 'vitest';
import type { FormComponent, ResolvedComponent } from './form-logic.ts';
import { resolveChildOptions, topLevelComponents } from './form-logic.ts';

const field = (id: string, type: string, ...childLists: string[][]): FormComponent => ({
  id,
  type,
  setting: {
    title: id,
    options: childLists.map((childs, index) => ({ optionId: `${id}-o${index}`, childs })),
  },
});

function maxDepth(node: ResolvedComponent): number {
  return Math.max(node.depth, ...node.options.flatMap((option) => option.children.map(maxDepth)));
}

describe('resolveChildOptions', () => {
  it('expands multiple-choice and dropdown options into their child components', () => {
    const components = [
      field('q1', 'inputMultiple', ['q2'], []),
      field('q2', 'inputDropdown', ['q3']),
      field('q3', 'inputText'),
    ];
    const tree = resolveChildOptions(components[0]!, components);
    expect(tree.options[0]?.children[0]?.component.id).toBe('q2');
    expect(tree.options[0]?.children[0]?.options[0]?.children[0]?.component.id).toBe('q3');
    expect(tree.options[1]?.children).toEqual([]);
  });
  it('never expands checkbox options', () => {
    const components = [field('c', 'inputCheckbox', ['x']), field('x', 'inputText')];
    expect(resolveChildOptions(components[0]!, components).options).toEqual([]);
  });
  it('stops at depth 500', () => {
    const chain = Array.from({ length: 600 }, (_, index) =>
      field(`f${index}`, 'inputMultiple', [`f${index + 1}`]),
    );
    const tree = resolveChildOptions(chain[0]!, chain);
    expect(maxDepth(tree)).toBe(500);
  });
  it('does not loop on cycles and ignores unknown ids', () => {
    const components = [field('a', 'inputMultiple', ['b', 'missing']), field('b', 'inputMultiple', ['a'])];
    const tree = resolveChildOptions(components[0]!, components);
    expect(tree.options[0]?.children.map((child) => child.component.id)).toEqual(['b']);
    expect(tree.options[0]?.children[0]?.options[0]?.children).toEqual([]);
  });
});

describe('topLevelComponents', () => {
  const components = [
    field('q1', 'inputMultiple', ['q2']),
    field('q2', 'inputText'),
    field('q3', 'inputCheckbox', ['q4']),
    field('q4', 'inputText'),
  ];
  it('hides child components when conditional mode is on', () => {
    expect(topLevelComponents(components, true).map((c) => c.id)).toEqual(['q1', 'q3', 'q4']);
  });
  it('shows everything when conditional mode is off', () => {
    expect(topLevelComponents(components, false)).toHaveLength(4);
  });
});
