import { type CompleteProfileBody, companyCategories, countryOptions, timezoneOptions } from '@app/contract';
import {
  $company,
  Button,
  FormError,
  formSchema,
  reloadAccountState,
  SelectField,
  TextField,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { environmentApi } from './api.ts';
import { choiceField } from './choice-field.ts';

const industries = companyCategories.map((category) => ({ value: category, label: category }));

/**
 * §4 profile completion: the company's name, phone, industry (§9 company categories), website,
 * country and timezone. Saving sets productionDataCompletion; the shell's company and tour state is
 * reloaded so the guards see it.
 */
export function CompleteProfileForm({ onSaved }: { onSaved?: () => void }) {
  const company = useStore($company);
  const countries = useMemo(() => countryOptions(company?.country || undefined), [company?.country]);
  const timezones = useMemo(
    () => timezoneOptions(new Date(), company?.timezone || undefined),
    [company?.timezone],
  );
  const form = useZodForm(formSchema('completeProfileBody'), {
    name: company?.name ?? '',
    phone: company?.phone ?? '',
    industry: (companyCategories as readonly string[]).includes(company?.industry ?? '')
      ? company?.industry
      : '',
    website: company?.website ?? '',
    country: company?.country ?? '',
    timezone: company?.timezone ?? '',
  } as CompleteProfileBody);

  return (
    <form
      noValidate
      aria-label="Company profile"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (data) => {
          await environmentApi.completeProfile(data);
          await reloadAccountState();
          onSaved?.();
        });
      }}
    >
      <FormError message={form.formError} />
      <div className="app-form-row">
        <TextField label="Company name" autoComplete="organization" {...form.field('name')} />
        <TextField label="Company phone" type="tel" autoComplete="tel" {...form.field('phone')} />
      </div>
      <div className="app-form-row">
        <SelectField label="Industry" {...choiceField(form, 'industry')} options={industries} />
        <TextField
          label="Website"
          type="url"
          inputMode="url"
          hint="Optional, e.g. https://example.com"
          autoComplete="url"
          {...form.field('website')}
        />
      </div>
      <div className="app-form-row">
        <SelectField label="Country" {...choiceField(form, 'country')} options={countries} />
        <SelectField
          label="Timezone"
          {...choiceField(form, 'timezone')}
          options={timezones}
          hint="Reports and schedules use this timezone."
        />
      </div>
      <Button type="submit" busy={form.busy}>
        Save company profile
      </Button>
    </form>
  );
}
