import { phoneSchema } from '@app/contract/common';
import { contactEmail } from '@app/contract/marketing/contacts';
import type { FormAnswer, FormBody, FormComponent } from '@app/contract/marketing/forms';
import {
  choiceComponentTypes,
  expandableFieldTypes,
  visibleComponents,
} from '@app/contract/rules/form-logic';
import { DomainError, invalidField } from '../../domain-error.ts';
import { isUploadId } from './form-uploads.ts';

const choiceTypes = new Set(choiceComponentTypes);
/** The answer is at most this long: a short answer, a phone number; a long answer may have 5,000. */
const shortAnswerChars = 500;

/**
 * Checks a form's fields before it is saved (§5): ids unique, choice fields with options, child
 * options only on multiple choice and dropdown fields and naming fields of the form, each contact
 * field filled by one question only and known to the company, and an email question when the form
 * saves contacts (§8 50).
 */
export function checkDefinition(
  body: Pick<FormBody, 'components' | 'saveToContact' | 'settings'>,
  knownTags: ReadonlySet<string>,
) {
  const ids = new Set<string>();
  for (const component of body.components) {
    if (ids.has(component.id))
      throw invalidField('components', `Two fields have the id ${component.id}`, component.id);
    ids.add(component.id);
  }
  const filled = new Map<string, string>();
  for (const component of body.components) {
    const { setting, type, id } = component;
    const options = setting.options ?? [];
    if (type === 'uploadFile' && setting.field !== undefined) {
      throw invalidField('components', `The file of "${setting.title}" cannot fill a contact field`, id);
    }
    if (choiceTypes.has(type) && options.length === 0) {
      throw invalidField('components', `The field "${setting.title}" needs at least one option`, id);
    }
    if (!choiceTypes.has(type) && options.length > 0) {
      throw invalidField('components', `The field "${setting.title}" has no options`, id);
    }
    const optionIds = new Set(options.map((option) => option.optionId));
    if (optionIds.size !== options.length) {
      throw invalidField('components', `Two options of "${setting.title}" have the same id`, id);
    }
    for (const option of options) {
      if ((option.childs?.length ?? 0) === 0) continue;
      if (!expandableFieldTypes.includes(type)) {
        throw invalidField(
          'components',
          'Only Multiple Choice and Dropdown fields can show other fields',
          id,
        );
      }
      for (const child of option.childs ?? []) {
        if (child === id || !ids.has(child)) {
          throw invalidField(
            'components',
            `An option of "${setting.title}" shows a field the form does not have`,
            child,
          );
        }
      }
    }
    if (setting.field !== undefined) {
      if (!knownTags.has(setting.field)) {
        throw invalidField('components', `The contact field ${setting.field} does not exist`, setting.field);
      }
      const other = filled.get(setting.field);
      if (other !== undefined) {
        throw invalidField(
          'components',
          `The contact field ${setting.field} is filled by two questions`,
          setting.field,
        );
      }
      if (setting.field === 'email' && type !== 'inputText') {
        throw invalidField('components', 'The email address is asked with a Short Answer field', id);
      }
      filled.set(setting.field, id);
    }
  }
  const distinct = body.settings.distinctIdField;
  const distinctField = body.components.find((component) => component.id === distinct);
  if (distinct !== null && distinctField?.type !== 'inputText' && distinctField?.type !== 'inputPhone') {
    throw invalidField(
      'settings.distinctIdField',
      'Choose a Short Answer or Phone Number question of this form',
      distinct,
    );
  }
  if (body.saveToContact && !filled.has('email')) {
    throw new DomainError(
      'emailFieldMissing',
      'A form that saves contacts needs a question filled into the email field',
      {
        field: 'components',
      },
    );
  }
}

const isBlank = (answer: FormAnswer | undefined) =>
  answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === '');

/** One answer checked against its field: the chosen option ids, the text trimmed; a message for the visitor when wrong. */
function checkedAnswer(component: FormComponent, answer: FormAnswer): FormAnswer {
  const { type, setting } = component;
  const fail = (cause: string) => invalidField(setting.title, cause, component.id);
  if (choiceTypes.has(type)) {
    const chosen = Array.isArray(answer) ? answer : [answer];
    const allowed = new Set((setting.options ?? []).map((option) => option.optionId));
    if (chosen.some((id) => !allowed.has(id))) throw fail('Choose one of the options');
    if (type !== 'inputCheckbox' && chosen.length > 1) throw fail('Choose one option');
    return type === 'inputCheckbox' ? [...new Set(chosen)] : (chosen[0] ?? '');
  }
  if (type === 'uploadFile') {
    // The id of a file received by POST /embed/forms/{id}/files; the submit checks it was received for this field.
    if (Array.isArray(answer) || !isUploadId(answer)) throw fail('Choose the file again');
    return answer;
  }
  if (Array.isArray(answer)) throw fail('Enter text');
  const text = answer.trim();
  if (type !== 'inputTextarea' && text.length > shortAnswerChars)
    throw fail(`Enter at most ${shortAnswerChars} characters`);
  if (type === 'inputPhone' && !phoneSchema.safeParse(text).success)
    throw fail('Enter a phone number (digits, spaces, + ( ) -)');
  if (setting.field === 'email' && !contactEmail.safeParse(text).success)
    throw fail('Enter a valid email address');
  return setting.field === 'email' ? contactEmail.parse(text) : text;
}

/**
 * The answers a submission keeps: those of the fields the visitor saw (a hidden branch's answers are
 * dropped, and its required fields are not asked), each checked. Throws a validation error naming the
 * field otherwise; an answer to no field of the form is refused too.
 */
export function checkAnswers(
  components: readonly FormComponent[],
  conditional: boolean,
  answers: Readonly<Record<string, FormAnswer>>,
): Record<string, FormAnswer> {
  const known = new Set(components.map((component) => component.id));
  const unknown = Object.keys(answers).find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidField('answers', 'This form has no such field', unknown);
  const kept: Record<string, FormAnswer> = {};
  for (const component of visibleComponents(components, conditional, answers)) {
    const answer = answers[component.id];
    if (isBlank(answer)) {
      if (component.setting.required)
        throw invalidField(component.setting.title, 'This field is required', component.id);
      continue;
    }
    kept[component.id] = checkedAnswer(component, answer as FormAnswer);
  }
  return kept;
}
