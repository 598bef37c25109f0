import { monthlyVolumes, type RequestProductionBody, sendingUseCases } from '@app/contract';
import {
  $company,
  Alert,
  AppLink,
  Button,
  FormError,
  formSchema,
  Page,
  Panel,
  reloadAccountState,
  SelectField,
  Skeleton,
  StatusTag,
  TextAreaField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { environmentApi } from './api.ts';
import { choiceField } from './choice-field.ts';

const volumeOptions = monthlyVolumes.map((value) => ({ value, label: value }));
const useCaseOptions = sendingUseCases.map((value) => ({ value, label: value }));

function statusVariant(status: string | undefined) {
  if (!status || status === 'None') return 'neutral' as const;
  return status === 'Requested' ? ('primary' as const) : ('success' as const);
}

/** §2 request-production-environment: the company tells the operator why it needs production. */
export function RequestProductionPage() {
  const loaded = useLoad(() => reloadAccountState(), []);
  const company = useStore($company);
  const [sent, setSent] = useState(false);
  const form = useZodForm(formSchema('requestProductionBody'), {
    reason: '',
    monthlyVolume: '',
    useCase: '',
  } as unknown as RequestProductionBody);
  const status = company?.productionStatus;

  return (
    <Page
      title="Request Production Environment"
      description="Tell us how you will send. Your request and its details go to the team that runs this platform."
    >
      <Panel title="Request status">
        {loaded.status === 'loading' && !company ? (
          <Skeleton lines={1} />
        ) : (
          <>
            <p>
              Production access:{' '}
              <StatusTag variant={statusVariant(status)}>
                {status === 'None' || !status ? 'Not requested' : status}
              </StatusTag>
            </p>
            <p className="muted">
              Switching does not wait for the request: once the company profile and the production welcome are
              done you can <AppLink to="/switch-to-production-environment">switch to production</AppLink>.
            </p>
          </>
        )}
      </Panel>

      <Panel title={status && status !== 'None' ? 'Send more details' : 'Your request'}>
        {sent ? <Alert type="success">Your request is sent. Status: {status}.</Alert> : null}
        <form
          noValidate
          aria-label="Production request"
          onSubmit={(event) => {
            event.preventDefault();
            setSent(false);
            void form.submit(async (data) => {
              await environmentApi.requestProduction(data);
              await reloadAccountState();
              form.set('reason', '');
              setSent(true);
            });
          }}
        >
          <FormError message={form.formError} />
          <TextAreaField
            label="Why do you need production?"
            {...choiceField(form, 'reason')}
            hint="Who receives your mail and what it is about (at least 10 characters)."
            rows={4}
          />
          <div className="app-form-row">
            <SelectField
              label="Expected monthly volume"
              {...choiceField(form, 'monthlyVolume')}
              options={volumeOptions}
            />
            <SelectField label="Use case" {...choiceField(form, 'useCase')} options={useCaseOptions} />
          </div>
          <Button type="submit" busy={form.busy}>
            Send the request
          </Button>
        </form>
      </Panel>
    </Page>
  );
}
