import type { Survey, SurveyBody } from '@app/contract';
import { http } from '@app/shared';

/** §7 on-boarding calls of the account screens (welcome, survey). */
export const onboardingApi = {
  answerSurvey: (answers: SurveyBody) =>
    http.config.post<Survey>('/on-boarding/survey', answers, { quiet: true }),
};
