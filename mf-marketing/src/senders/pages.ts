import { type AppPages, lazyPage } from '@app/shared';

/** Manage Sender: the senders list, adding one, and the public page of the mailed confirmation link. */
export const senderPages = {
  sender: lazyPage(
    () => import('./SenderPage.tsx').then((m) => m.SenderPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'sender-validate': lazyPage(
    () => import('./SenderValidatePage.tsx').then((m) => m.SenderValidatePage),
    ['button'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
