import type { Company } from '@app/contract/accounts/company';
import { $company, http, roleAllows, SwitchField, showToast } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';

/**
 * §3 the team's autoLinkUtm: the campaigns' web links carry utm_source=newsletter, utm_medium=email and
 * utm_campaign (the campaign's name), unless a link has UTM parameters of its own.
 */
export function UtmSetting() {
  const company = useStore($company);
  const [busy, setBusy] = useState(false);
  if (!company) return null;
  return (
    <SwitchField
      label="Add UTM parameters to the links of campaigns"
      hint="utm_source=newsletter, utm_medium=email and utm_campaign with the campaign's name, so your web analytics shows the visits each campaign brings. A link with its own UTM parameters keeps them."
      checked={company.autoLinkUtm}
      disabled={busy || !roleAllows('settings.manage')}
      onChange={async (autoLinkUtm) => {
        setBusy(true);
        try {
          $company.set(await http.config.patch<Company>('/companies/settings', { autoLinkUtm }));
          showToast({
            type: 'success',
            message: autoLinkUtm
              ? 'Campaign links will carry UTM parameters.'
              : 'Campaign links stay as written.',
          });
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
