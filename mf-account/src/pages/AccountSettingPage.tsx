import { ChangeEmailForm } from '../settings/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '../settings/ChangePasswordForm.tsx';
import { ProfileForm } from '../settings/ProfileForm.tsx';
import { TwoFactorSettings } from '../settings/TwoFactorSettings.tsx';

export function AccountSettingPage() {
  return (
    <div style={{ display: 'grid', gap: 20, maxWidth: 640 }}>
      <h1>Account Setting</h1>
      <div className="app-card">
        <ProfileForm />
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
  );
}
