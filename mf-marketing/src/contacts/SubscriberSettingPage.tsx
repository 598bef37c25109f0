import type { SubscriberSetting } from '@app/contract/marketing/subscriber-settings';
import {
  Button,
  FormError,
  formSchema,
  http,
  LoadStatus,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  SwitchField,
  showToast,
  TextAreaField,
  TextField,
  useLoad,
  usesSampleData,
  useZodForm,
} from '@app/shared';
import { labelled } from '../labelled-field.ts';

const path = '/contacts/subscriber-setting';

/**
 * /subscriber-setting (§2 Subscriber Setting): how the company's forms sign people up: double opt-in
 * (on unless turned off), the confirmation mail's subject and text, the preference page's text.
 */
export function SubscriberSettingPage() {
  const setting = useLoad(() => http.config.get<SubscriberSetting>(path), []);
  if (!roleAllows('contacts.manage'))
    return <RoleLockedPage title="Subscriber Setting" permission="contacts.manage" />;
  return (
    <Page
      title="Subscriber Setting"
      description="How people who sign up through your forms become contacts, and what they are asked."
    >
      <Panel>
        <LoadStatus
          loaded={setting}
          lines={5}
          loading="Loading the setting ..."
          failed="The Subscriber Setting could not be loaded"
        />
        {setting.data ? <SettingForm initial={setting.data} /> : null}
      </Panel>
    </Page>
  );
}

function SettingForm({ initial }: { initial: SubscriberSetting }) {
  const form = useZodForm(formSchema('subscriberSettingBody'), initial);
  const areaError = (name: 'confirmationText' | 'preferenceText') => form.errors[name];
  return (
    <form
      noValidate
      aria-label="Subscriber Setting"
      style={{ maxWidth: 640 }}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (body) => {
          if (usesSampleData())
            throw new Error('This needs your own server: this demo shows sample contacts');
          await http.config.put<SubscriberSetting>(path, body, { quiet: true });
          showToast({ type: 'success', message: 'The Subscriber Setting is saved.' });
        });
      }}
    >
      <FormError message={form.formError} />
      <SwitchField
        label="Double opt-in: a new contact confirms by mail before it is subscribed"
        checked={Boolean(form.values.doubleOptIn)}
        onChange={(checked) => form.set('doubleOptIn', checked)}
        hint="Recommended: it keeps mistyped and fake addresses out, and records consent."
      />
      <TextField
        autoComplete="off"
        {...labelled('Confirmation subject', form.field('confirmationSubject'))}
      />
      <TextAreaField
        label="Confirmation text"
        rows={6}
        value={String(form.values.confirmationText ?? '')}
        error={areaError('confirmationText')}
        hint="{{confirm_link}} is where the confirmation link goes. The mail never repeats what the visitor typed."
        onChange={(value) => form.set('confirmationText', value)}
      />
      <TextAreaField
        label="Preference page text"
        rows={3}
        value={String(form.values.preferenceText ?? '')}
        error={areaError('preferenceText')}
        onChange={(value) => form.set('preferenceText', value)}
      />
      <Button type="submit" busy={form.busy}>
        Save
      </Button>
    </form>
  );
}
