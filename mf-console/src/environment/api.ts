import type {
  CompleteProfile,
  ContactMessage,
  ContactUsBody,
  EnvironmentName,
  OnboardingState,
  RequestProduction,
} from '@app/contract';
import { http } from '@app/shared';

/** The environment journey's calls (§7 on-boarding and contact-us save); errors are handled by the caller. */
export const environmentApi = {
  switchTo: (environment: EnvironmentName) =>
    http.config.post<OnboardingState>('/on-boarding/switch-environment', { environment }, { quiet: true }),
  completeProfile: (profile: CompleteProfile) =>
    http.config.post<OnboardingState>('/on-boarding/complete-profile', profile, { quiet: true }),
  finishOnboarding: () =>
    http.config.post<OnboardingState>('/on-boarding/finish-onboarding', {}, { quiet: true }),
  requestProduction: (details: RequestProduction) =>
    http.config.post<OnboardingState>('/on-boarding/request-production', details, { quiet: true }),
  /** Environment, sandbox quota and how to send (API base URL, SMTP relay host and port). */
  contactMessages: () => http.config.get<{ items: ContactMessage[] }>('/contact-us'),
  sendContactMessage: (body: ContactUsBody) =>
    http.config.post<ContactMessage>('/contact-us', body, { quiet: true }),
};
