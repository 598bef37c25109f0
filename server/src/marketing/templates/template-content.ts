import { formIdsOf } from '@app/contract/editor/all-blocks';
import { defaultDesign, defaultPageDesign } from '@app/contract/editor/default-design';
import type { DesignBlock, EmailDesign } from '@app/contract/editor/design';
import { type FormBody, formBody } from '@app/contract/marketing/forms';
import type { TemplateContent, TemplateType } from '@app/contract/marketing/templates';
import { escapeHtml } from '../../html-escape.ts';

/** The empty design of a new email or page template. */
export const defaultDesignOf = (type: TemplateType): EmailDesign =>
  type === 'page' ? defaultPageDesign() : defaultDesign();

/**
 * A form as a template keeps it: its questions and wording, without what belongs to one company
 * (its labels, its sender, its thank-you page, its webhook), so any company can use it.
 */
export const portableForm = (form: FormBody | Parameters<typeof formBody.parse>[0]): FormBody => {
  const { captchaSecret: _secret, ...parsed } = formBody.parse(form);
  return {
    ...parsed,
    labels: [],
    settings: {
      ...parsed.settings,
      selectedSenderId: null,
      redirectPageId: null,
      webhookUrl: null,
      // A captcha account is the company's own: a template's form starts with the proof of work.
      captcha: 'proofOfWork',
      captchaSiteKey: null,
    },
  };
};

/** Content as a template keeps it: its forms portable, a page's forms only those its design still shows. */
export function portableContent(content: TemplateContent): TemplateContent {
  switch (content.type) {
    case 'email':
      return content;
    case 'form':
      return { ...content, form: portableForm(content.form) };
    case 'page': {
      const shown = new Set(formIdsOf(content.design));
      return {
        ...content,
        forms: content.forms
          .filter((entry) => shown.has(entry.formId))
          .map((entry) => ({ ...entry, form: portableForm(entry.form) })),
      };
    }
  }
}

/** The design with its Form blocks pointing at `ids` (the template's id → the company's); a form not in `ids` is left unchosen. */
export function withFormIds(design: EmailDesign, ids: ReadonlyMap<string, string>): EmailDesign {
  const mapped = (block: DesignBlock): DesignBlock => {
    if (block.type === 'form') return { ...block, props: { formId: ids.get(block.props.formId) ?? '' } };
    if (block.type === 'row')
      return {
        ...block,
        props: {
          ...block.props,
          columns: block.props.columns.map((column) => ({
            ...column,
            blocks: column.blocks.map((inner) => mapped(inner) as typeof inner),
          })),
        },
      };
    return block;
  };
  return { ...design, blocks: design.blocks.map(mapped) };
}

/** A form template's thumbnail: its questions as a small page. */
export const formPreview = (form: FormBody): string =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;margin:24px;color:#1f2937">
<h1 style="font-size:20px">${escapeHtml(form.name)}</h1>
${form.components
  .map(
    (component) =>
      `<p style="margin:0 0 6px;font-size:14px">${escapeHtml(component.setting.title)}${component.setting.required ? ' *' : ''}</p>
<div style="border:1px solid #d1d5db;border-radius:4px;height:28px;margin:0 0 14px"></div>`,
  )
  .join('\n')}
<div style="display:inline-block;background:#1d4ed8;color:#fff;border-radius:4px;padding:8px 16px">${escapeHtml(form.settings.submitBtnTitle)}</div>
</body></html>`;
