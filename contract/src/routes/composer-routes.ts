import type { RouteDef } from './route-types.ts';

const editor = '@app/mf-editor';

/** The composers (paths decided here: §2 names them without paths). */
export const composerRoutes = [
  {
    name: 'page-compose',
    path: '/page/compose/:id',
    title: 'Page Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'template-page-compose',
    path: '/template/page/compose/:id',
    title: 'Page Template Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'form-compose',
    path: '/form/compose/:id',
    title: 'Form Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'form-au-compose',
    path: '/form/au/compose/:id',
    title: 'Form Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'formpage-compose',
    path: '/formpage/compose/:id',
    title: 'Form Page Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
  {
    name: 'template-form-compose',
    path: '/template/form/compose/:id',
    title: 'Form Template Compose',
    app: editor,
    access: 'protected',
    compose: true,
    helpHidden: true,
  },
] as const satisfies readonly RouteDef[];
