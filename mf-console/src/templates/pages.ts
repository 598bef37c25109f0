import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { templateGate } from './gate.tsx';
import { TemplateCreatedPage } from './TemplateCreatedPage.tsx';
import { TemplateDetailPage } from './TemplateDetailPage.tsx';
import { TemplateAddPage, TemplateEditPage } from './TemplateEditorPages.tsx';
import { TemplateListPage } from './TemplateListPage.tsx';

/** Templates: list and search, the code editor with the engine's live preview, publish, send snippet, detail. */
export const templatePages = {
  template: templateGate(null, 'Template', TemplateListPage),
  'template-add': templateGate('create', 'Add Template', TemplateAddPage, true),
  'template-edit': templateGate('update', 'Edit Template', TemplateEditPage, true),
  'template-created': templateGate('create', 'Template Created', TemplateCreatedPage),
  'template-detail': templateGate('detail', 'Template Detail', TemplateDetailPage),
} satisfies AppPages<'@app/mf-console'>;
