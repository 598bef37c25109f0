import { monthlyVolumes, type SurveyBody, sendingUseCases, surveyRoles, surveySources } from '@app/contract';
import {
  $tours,
  Alert,
  Button,
  CheckboxField,
  FormError,
  formSchema,
  navigate,
  Page,
  Panel,
  SelectField,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { onboardingApi } from '../onboarding-api.ts';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** §2 survey (§7 onboarding survey post): role, what the company sends, volume, how it heard of us. */
export function SurveyPage() {
  const tours = useStore($tours);
  const form = useZodForm(formSchema('surveyBody'), {
    role: '',
    sends: [],
    monthlyVolume: '',
    heardFrom: '',
  } as unknown as SurveyBody);
  const sends = (form.values.sends ?? []) as string[];
  /** One of the single-choice questions. */
  const question = (
    name: 'role' | 'monthlyVolume' | 'heardFrom',
    label: string,
    values: readonly string[],
  ) => (
    <SelectField
      label={label}
      name={name}
      value={String(form.values[name] ?? '')}
      options={options(values)}
      onChange={(value) => form.set(name, value)}
      error={form.errors[name]}
    />
  );

  return (
    <Page
      title="Survey"
      description="Four short questions. Your answers help us point you to the right tools."
    >
      {tours.surveyCompletion ? (
        <Alert type="info">
          You already answered the survey, thank you. You can answer again if something changed.
        </Alert>
      ) : null}
      <Panel>
        <form
          noValidate
          aria-label="Onboarding survey"
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async (data) => {
              const saved = await onboardingApi.answerSurvey(data);
              $tours.set(saved.tour);
              navigate(saved.tour.sandboxWelcome ? '/configuration' : '/welcome');
            });
          }}
        >
          <FormError message={form.formError} />
          <div className="app-form-row">
            {question('role', 'What is your role?', surveyRoles)}
            {question('monthlyVolume', 'How many emails will you send a month?', monthlyVolumes)}
          </div>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 14px' }}>
            <legend style={{ fontWeight: 600, fontSize: '0.9rem', marginBottom: 6 }}>
              What will you send?
            </legend>
            {sendingUseCases.map((useCase) => (
              <CheckboxField
                key={useCase}
                label={useCase}
                checked={sends.includes(useCase)}
                onChange={(checked) =>
                  form.set('sends', checked ? [...sends, useCase] : sends.filter((item) => item !== useCase))
                }
              />
            ))}
            {form.errors.sends ? (
              <div className="app-field-error" role="alert">
                {form.errors.sends}
              </div>
            ) : null}
          </fieldset>
          {question('heardFrom', 'How did you hear of us?', surveySources)}
          <Button type="submit" busy={form.busy}>
            Send answers
          </Button>
        </form>
      </Panel>
    </Page>
  );
}
