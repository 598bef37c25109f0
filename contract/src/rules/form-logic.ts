import { childOptionDepthCap } from './constants.ts';

export interface FormOption {
  optionId: string;
  /** Ids of the child components shown when this option is chosen. */
  childs?: readonly string[];
}

export interface FormComponent {
  id: string;
  type: string;
  setting?: { title?: string; options?: readonly FormOption[] };
}

export interface ResolvedOption {
  optionId: string;
  children: ResolvedComponent[];
}

export interface ResolvedComponent {
  component: FormComponent;
  /** 0 for the component asked for, 1 for its children, … at most 500. */
  depth: number;
  options: ResolvedOption[];
}

/** Field types whose answer is one of their options (or several: checkboxes). */
export const choiceComponentTypes: readonly string[] = ['inputMultiple', 'inputDropdown', 'inputCheckbox'];

/** §5: only multiple-choice and dropdown fields have child options; checkboxes never expand. */
export const expandableFieldTypes: readonly string[] = ['inputMultiple', 'inputDropdown'];

/**
 * Resolves the nested child options of one component for conditional form logic, to a depth of at
 * most 500 (children of a component at depth 500 are not expanded). A child already on the path is
 * skipped, so a cycle cannot repeat; unknown child ids are ignored.
 */
export function resolveChildOptions(
  component: FormComponent,
  components: readonly FormComponent[],
  maxDepth: number = childOptionDepthCap,
): ResolvedComponent {
  const byId = new Map(components.map((item) => [item.id, item]));
  const resolve = (current: FormComponent, depth: number, path: ReadonlySet<string>): ResolvedComponent => {
    if (!expandableFieldTypes.includes(current.type) || depth >= maxDepth) {
      return { component: current, depth, options: [] };
    }
    const nextPath = new Set(path).add(current.id);
    const options = (current.setting?.options ?? []).map((option) => ({
      optionId: option.optionId,
      children: (option.childs ?? [])
        .filter((childId) => !nextPath.has(childId))
        .map((childId) => byId.get(childId))
        .filter((child): child is FormComponent => child !== undefined)
        .map((child) => resolve(child, depth + 1, nextPath)),
    }));
    return { component: current, depth, options };
  };
  return resolve(component, 0, new Set());
}

/** Ids that some expandable field's option lists as a child. */
export function childComponentIds(components: readonly FormComponent[]): Set<string> {
  const ids = new Set<string>();
  for (const component of components) {
    if (!expandableFieldTypes.includes(component.type)) continue;
    for (const option of component.setting?.options ?? []) for (const id of option.childs ?? []) ids.add(id);
  }
  return ids;
}

/** §5: with conditional mode on, child components are hidden from the top-level list. */
export function topLevelComponents(
  components: readonly FormComponent[],
  conditional: boolean,
): FormComponent[] {
  if (!conditional) return [...components];
  const children = childComponentIds(components);
  return components.filter((component) => !children.has(component.id));
}

/** The fields a visitor sees with these answers: every field, or with conditional mode the top level and what chosen options show (to depth 500). */
export function visibleComponents<T extends FormComponent>(
  components: readonly T[],
  conditional: boolean,
  answers: Readonly<Record<string, string | readonly string[]>>,
): T[] {
  if (!conditional) return [...components];
  const visible = new Map<string, FormComponent>();
  const walk = (resolved: ResolvedComponent) => {
    visible.set(resolved.component.id, resolved.component);
    const answer = answers[resolved.component.id];
    const chosen = new Set<string>(typeof answer === 'string' ? [answer] : (answer ?? []));
    for (const option of resolved.options) {
      if (chosen.has(option.optionId)) for (const child of option.children) walk(child);
    }
  };
  for (const top of topLevelComponents(components, true)) walk(resolveChildOptions(top, components));
  return components.filter((component) => visible.has(component.id));
}
