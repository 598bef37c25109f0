import { type AppPages, lazyPage } from '@app/shared';
import { templateGate } from './gate.tsx';

/** Templates: list and search, the code editor with the engine's live preview, publish, send snippet, detail. */
export const templatePages = {
  template: lazyPage(
    () => import('./TemplateListPage.tsx').then((m) => templateGate(null, 'Template', m.TemplateListPage)),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'template-add': lazyPage(
    () =>
      import('./TemplateEditorPages.tsx').then((m) =>
        templateGate('create', 'Add Template', m.TemplateAddPage, true),
      ),
    ['button', 'input', 'skeleton', 'switch', 'tab', 'tab-group', 'tab-panel', 'textarea'],
  ),
  'template-edit': lazyPage(
    () =>
      import('./TemplateEditorPages.tsx').then((m) =>
        templateGate('update', 'Edit Template', m.TemplateEditPage, true),
      ),
    ['button', 'input', 'skeleton', 'switch', 'tab', 'tab-group', 'tab-panel', 'textarea'],
  ),
  'template-created': lazyPage(
    () =>
      import('./TemplateCreatedPage.tsx').then((m) =>
        templateGate('create', 'Template Created', m.TemplateCreatedPage),
      ),
    ['button', 'input', 'skeleton'],
  ),
  'template-detail': lazyPage(
    () =>
      import('./TemplateDetailPage.tsx').then((m) =>
        templateGate('detail', 'Template Detail', m.TemplateDetailPage),
      ),
    ['button', 'skeleton', 'tab', 'tab-group', 'tab-panel', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
