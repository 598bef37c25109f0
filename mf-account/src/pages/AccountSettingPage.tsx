import type { TeamRole } from '@app/contract';
import { Page } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { ChangeEmailForm } from '../settings/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '../settings/ChangePasswordForm.tsx';
import { PreferencesForm } from '../settings/PreferencesForm.tsx';
import { ProfileForm } from '../settings/ProfileForm.tsx';
import { TwoFactorSettings } from '../settings/TwoFactorSettings.tsx';
import { useMyPermissions } from '../team/permissions.ts';
import { RolesSection } from '../team/RolesSection.tsx';
import { TeamSection } from '../team/TeamSection.tsx';
import { teamApi } from '../team/team-api.ts';

export function AccountSettingPage() {
  const access = useMyPermissions();
  const [roles, setRoles] = useState<TeamRole[]>([]);
  const [generation, setGeneration] = useState(0);
  const loadRoles = useCallback(() => {
    teamApi
      .roles()
      .then((data) => setRoles(data.items))
      .catch(() => undefined);
  }, []);
  useEffect(loadRoles, []);
  const changed = () => {
    loadRoles();
    setGeneration((value) => value + 1);
  };

  return (
    <Page
      title="Account Setting"
      description="Your profile and sign-in, your team and its roles, your preferences."
    >
      <div style={{ display: 'grid', gap: 20, maxWidth: 960 }}>
        <div className="app-card">
          <ProfileForm />
        </div>
        <TeamSection key={`team-${generation}`} access={access} roles={roles} onChanged={loadRoles} />
        <RolesSection access={access} roles={roles} onChanged={changed} />
        <div className="app-card">
          <PreferencesForm />
        </div>
        <div className="app-card">
          <TwoFactorSettings />
        </div>
        <div className="app-card">
          <ChangePasswordForm />
        </div>
        <div className="app-card">
          <ChangeEmailForm />
        </div>
      </div>
    </Page>
  );
}
