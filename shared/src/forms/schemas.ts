// The zod schemas the console's forms validate with, the same the server checks: a chunk of their
// own, with zod, fetched the first time a form needs them (formSchema), so that no page's first
// load carries them.
import { suppressionBulkEntry } from '@app/contract/engine/suppression';
import {
  contactPatchBody,
  newContactBody,
  newFieldBody,
  newLabelBody,
} from '@app/contract/marketing/contacts';
import { newSenderBody } from '@app/contract/marketing/senders';
import { subscriberSettingBody } from '@app/contract/marketing/subscriber-settings';
import * as contractSchemas from '@app/contract/schemas';
import { ipPoolFormSchema } from './ip-pool-form.ts';
import { templateFormSchema } from './template-form.ts';

/** Every schema a form may name: the contract's console schemas and the forms' own. */
export const formSchemas = {
  ...contractSchemas,
  suppressionBulkEntry,
  newSenderBody,
  newContactBody,
  contactPatchBody,
  newLabelBody,
  newFieldBody,
  subscriberSettingBody,
  ipPoolFormSchema,
  templateFormSchema,
};
