import { NewDraftForm } from '../NewDraftForm.tsx';
import type { FormApi } from './api.ts';
import { emailQuestion } from './form-query.ts';

/** Names a new form: it is made a draft with an email question at once and opens in the builder. */
export function NewFormForm({ api }: { api: FormApi }) {
  return (
    <NewDraftForm
      label="New form"
      nameLabel="Form name"
      hint="For you and your team; visitors do not see it"
      max={100}
      submitLabel="Create and build"
      create={async (name) => {
        const made = await api.create({
          name,
          components: [emailQuestion],
          settings: {},
          labels: [],
          saveToContact: true,
          allowUpdate: false,
          optin: true,
        });
        return `/form/compose/${encodeURIComponent(made.formId)}`;
      }}
    />
  );
}
