import type { Form, FormComponent, PublicForm } from '@app/contract/marketing/forms';
import { instantFormDefaults } from '@app/contract/marketing/instant-form';
import { choiceComponentTypes, expandableFieldTypes } from '@app/contract/rules/form-logic';
import type { FormDraft } from './api.ts';

/** A short id no other field or option of the form has. */
export const newId = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;

/** The form as the builder edits it. */
export function draftOf(form: Form): FormDraft {
  return {
    name: form.name,
    components: form.components,
    settings: form.settings,
    labels: form.labels.map((label) => label.id),
    saveToContact: form.saveToContact,
    allowUpdate: form.allowUpdate,
    optin: form.optin,
  };
}

/** A new question of `type`: a choice field starts with two options. */
export function newComponent(type: FormComponent['type'], title: string): FormComponent {
  const options = choiceComponentTypes.includes(type)
    ? [
        { optionId: newId('o'), label: 'Option 1' },
        { optionId: newId('o'), label: 'Option 2' },
      ]
    : undefined;
  return { id: newId('f'), type, setting: { title, required: false, ...(options ? { options } : {}) } };
}

/** The components with the one at `index` moved by `by` places (kept inside the list). */
export function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const target = Math.min(items.length - 1, Math.max(0, index + by));
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** The components without `id`, and without it among any option's children. */
export function withoutComponent(components: readonly FormComponent[], id: string): FormComponent[] {
  return components
    .filter((component) => component.id !== id)
    .map((component) =>
      component.setting.options?.some((option) => option.childs?.includes(id))
        ? {
            ...component,
            setting: {
              ...component.setting,
              options: component.setting.options.map((option) => ({
                ...option,
                ...(option.childs ? { childs: option.childs.filter((child) => child !== id) } : {}),
              })),
            },
          }
        : component,
    );
}

/** Whether the component's options may show other fields (§5: multiple choice and dropdown only). */
export const canShowFields = (component: FormComponent) => expandableFieldTypes.includes(component.type);

/** The embed code a site pastes: the element's script, once per page, and the element. */
export function embedSnippet(form: Pick<Form, 'formId' | 'url'>): string {
  const origin = new URL(form.url).origin;
  return `<script type="module" src="${origin}/embed/signup-form.js"></script>\n<signup-form form-id="${form.formId}"></signup-form>`;
}

/** The iframe that shows the hosted form on a site that cannot load scripts (its name is the frame's title). */
export function iframeSnippet(form: Pick<Form, 'name' | 'hostedUrl'>): string {
  const title = form.name.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<iframe src="${form.hostedUrl}" title="${title}" loading="lazy" style="border:0;width:100%;min-height:560px"></iframe>`;
}

/** The draft as `<signup-form preview>` draws it: what a visitor would see once it is saved and published. */
export function previewOf(draft: FormDraft): PublicForm {
  const { settings } = draft;
  return {
    formId: 'preview',
    name: draft.name,
    components: draft.components,
    closed: null,
    settings: {
      // The preview checks the answers only: no captcha is drawn (a provider's widget needs the live page).
      captcha: 'proofOfWork',
      captchaSiteKey: null,
      enableConditional: settings.enableConditional ?? false,
      submitBtnTitle: settings.submitBtnTitle || 'Submit',
      wizardMode: settings.wizardMode ?? false,
      nextTitle: settings.nextTitle || 'Next',
      backTitle: settings.backTitle || 'Back',
      consentText: settings.consentText ?? '',
      instant: settings.instant ?? instantFormDefaults,
    },
  };
}
