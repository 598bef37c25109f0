import type { NotificationAlert } from '@app/contract';
import { $user, Alert, Button, FormError, SelectField, SwitchField, TextField } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { accountApi } from '../api.ts';
import { teamApi } from '../team/team-api.ts';

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
};

const hourFormats = [
  { value: '24', label: '24-hour' },
  { value: '12', label: '12-hour' },
];

/** Account setting "Preferences": hour format and time zone (PUT /user), usage alert (/notification-alert). */
export function PreferencesForm() {
  const user = useStore($user);
  const timeZones = useMemo(zones, []);
  const zoneOptions = useMemo(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return [
      { value: '', label: `This browser's time zone (${browserZone})` },
      ...timeZones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    ];
  }, [timeZones]);
  const [time, setTime] = useState<'12' | '24'>(user?.time ?? '24');
  const [timezone, setTimezone] = useState(user?.timezone ?? '');
  const [alert, setAlert] = useState<NotificationAlert | null>(null);
  const [percent, setPercent] = useState('80');
  const [percentError, setPercentError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    teamApi
      .notificationAlert()
      .then((data) => {
        setAlert(data);
        setPercent(String(data.usageAlertPercent));
      })
      .catch((failure: Error) => setError(failure.message));
  }, []);

  useEffect(() => {
    if (!user) return;
    setTime(user.time);
    setTimezone(user.timezone ?? '');
  }, [user]);

  const save = async () => {
    setSaved(false);
    setError(null);
    const value = Number(percent);
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      setPercentError('Enter a whole number from 1 to 100');
      return;
    }
    setPercentError(undefined);
    setBusy(true);
    try {
      $user.set(await accountApi.updateProfile({ time, timezone }));
      if (alert) setAlert(await teamApi.setNotificationAlert({ ...alert, usageAlertPercent: value }));
      setSaved(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="preferences-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="preferences-title">Preferences</h2>
      {saved ? <Alert type="success">Your preferences are saved.</Alert> : null}
      <FormError message={error} />
      <SelectField
        label="Hour format"
        value={time}
        options={hourFormats}
        onChange={(value) => setTime(value === '12' ? '12' : '24')}
      />
      <SelectField
        label="Time zone"
        value={timezone}
        options={zoneOptions}
        onChange={setTimezone}
        hint="Times in the console are shown in this zone and your hour format"
      />
      <fieldset style={{ border: 'none', padding: 0, margin: '0 0 12px', display: 'grid', gap: 8 }}>
        <legend>Notifications</legend>
        <SwitchField
          label="Email me when the monthly email usage passes the threshold"
          hint="Saved now; the alert mails themselves start with usage monitoring, which is not built yet."
          checked={alert?.usageAlert ?? false}
          disabled={!alert}
          onChange={(checked) => alert && setAlert({ ...alert, usageAlert: checked })}
        />
        <TextField
          label="Usage alert threshold (%)"
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          value={percent}
          error={percentError}
          disabled={!alert?.usageAlert}
          onChange={(event) => setPercent(event.target.value)}
        />
      </fieldset>
      <Button type="submit" busy={busy}>
        Save preferences
      </Button>
    </form>
  );
}
