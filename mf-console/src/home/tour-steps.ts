import type { TourStep } from '@app/shared';

/** The console's first-visit tour: what each part of the screen is for. */
export const consoleTour: TourStep[] = [
  {
    target: 'nav[aria-label="Main menu"]',
    title: 'Everything is in the menu',
    body: 'Analytics, sending, domains, keys and your account. Areas marked Production open once you switch.',
  },
  {
    target: '.shell-env',
    title: 'Sandbox or production',
    body: 'The sandbox keeps your mail in an inbox and sends only to verified recipients. Production delivers for real.',
  },
  {
    target: '#getting-started',
    title: 'Your next steps',
    body: 'Follow the checklist from your first test email to mail sent from your own code. It ticks itself as you go.',
  },
  {
    target: '.shell-avatar',
    title: 'Your account',
    body: 'Profile, password, two-factor authentication and your team live here.',
  },
];
