import type {
  EmbedTokenInfo,
  TemplateContentBody,
  TemplateCreateBody,
  TemplatePreview,
  TemplateSummary,
  TemplateView,
} from '@app/contract';
import { ApiError, http } from '@app/shared';

const path = (id: string) => `/templates/${encodeURIComponent(id)}`;

export const listTemplates = () =>
  http.transactional.get<{ results: TemplateSummary[] }>('/templates').then((answer) => answer.results);

/** One template: the published version, or with `draft` the draft. */
export const getTemplate = (id: string, draft?: boolean) =>
  http.transactional
    .get<{ results: TemplateView }>(draft === undefined ? path(id) : `${path(id)}?draft=${draft}`)
    .then((answer) => answer.results);

/** What the editor starts from: the draft when there is one, else the published version. */
export async function getEditableTemplate(id: string): Promise<TemplateView> {
  const shown = await getTemplate(id);
  return shown.has_draft && shown.published ? getTemplate(id, true) : shown;
}

export const createTemplate = (body: TemplateCreateBody) =>
  http.transactional
    .post<{ results: { id: string } }>('/templates', body, { quiet: true })
    .then((answer) => answer.results.id);

export const updateTemplate = (id: string, { id: _id, ...body }: TemplateCreateBody) =>
  http.transactional.put<{ results: { id: string } }>(path(id), body, { quiet: true });

export const deleteTemplate = (id: string) => http.transactional.delete<void>(path(id), { quiet: true });

/** Inline content rendered by the engine with sample data (`/utils/content-previewer`); nothing is stored. */
export const previewContent = (content: TemplateContentBody, substitutionData: Record<string, unknown>) =>
  http.transactional
    .post<{ results: TemplatePreview }>(
      '/utils/content-previewer',
      { content, substitution_data: substitutionData },
      { quiet: true },
    )
    .then((answer) => answer.results);

/** A stored version rendered by the engine (`/templates/:id/preview`), with its own sample data. */
export const previewTemplate = (id: string, draft: boolean) =>
  http.transactional
    .post<{ results: TemplatePreview }>(`${path(id)}/preview?draft=${draft}`, {}, { quiet: true })
    .then((answer) => answer.results);

/** Renames a template, leaving its content as it is. */
export const renameTemplate = (id: string, name: string) =>
  http.transactional.put<{ results: { id: string } }>(path(id), { name }, { quiet: true });

/** Whether the account has a template of this id (draft or published). */
export const templateExists = (id: string) =>
  http.transactional.get<unknown>(path(id), { quiet: true }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    },
  );

/** The embed tokens of one template that work now (never the tokens themselves). */
export const listEmbedTokens = (templateId: string) =>
  http.transactional
    .get<{ results: EmbedTokenInfo[] }>(`/embed-tokens?template_id=${encodeURIComponent(templateId)}`, {
      quiet: true,
    })
    .then((answer) => answer.results);

/** Revokes one embed token: the editors using it stop at their next request. */
export const revokeEmbedToken = (id: string) =>
  http.transactional.delete<void>(`/embed-tokens/${encodeURIComponent(id)}`, { quiet: true });
