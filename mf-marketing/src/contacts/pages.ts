import { type AppPages, lazyPage } from '@app/shared';

/** The contact book: the list, adding a contact, the import wizard. */
export const contactPages = {
  contact: lazyPage(
    () => import('./ContactBookPage.tsx').then((m) => m.ContactBookPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'contact-add': lazyPage(
    () => import('./AddContactPage.tsx').then((m) => m.AddContactPage),
    ['button', 'input', 'checkbox', 'skeleton'],
  ),
  'contact-import': lazyPage(
    () => import('./ImportPage.tsx').then((m) => m.ImportPage),
    ['button', 'input', 'checkbox', 'skeleton', 'tag', 'progress-bar'],
  ),
  'contact-segment': lazyPage(
    () => import('./SegmentsPage.tsx').then((m) => m.SegmentsPage),
    ['button', 'input', 'skeleton', 'dialog'],
  ),
  'contact-label': lazyPage(
    () => import('./LabelsPage.tsx').then((m) => m.LabelsPage),
    ['button', 'input', 'skeleton', 'dialog'],
  ),
  'contact-field': lazyPage(
    () => import('./FieldsPage.tsx').then((m) => m.FieldsPage),
    ['button', 'input', 'textarea', 'skeleton', 'dialog'],
  ),
  'contact-detail': lazyPage(
    () => import('./ContactDetailPage.tsx').then((m) => m.ContactDetailPage),
    ['button', 'input', 'checkbox', 'skeleton', 'tag', 'dialog'],
  ),
  'subscriber-setting': lazyPage(
    () => import('./SubscriberSettingPage.tsx').then((m) => m.SubscriberSettingPage),
    ['button', 'input', 'textarea', 'switch', 'skeleton'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
