import { needsPolicyUpdate, policyVersion, type User } from '@app/contract';
import { $connected, $multipleLogin, $tokenMode, $user, http } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { tokenModeBanner } from '../routing/shell-texts.ts';

export function TokenModeBanner() {
  const tokenMode = useStore($tokenMode);
  if (!tokenMode) return null;
  return (
    <div className="shell-banner" role="status">
      {tokenModeBanner}
    </div>
  );
}

export function PrivateBrowsingBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="shell-banner" data-type="warning" role="status">
      Your browser is in private mode: this site can store very little data here, so your session may end when
      the window closes.{' '}
      <button type="button" className="shell-link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** §4: the multiple-login notice for a session that was ended by a sign-in elsewhere. */
export function MultipleLoginNotice() {
  const flags = useStore($multipleLogin);
  if (!flags.ended) return null;
  return (
    <div className="shell-banner" data-type="warning" role="alert">
      Your session ended because your account signed in on another device.
    </div>
  );
}

/** §4: a user whose accepted policy version is older than the current one is asked to accept it. */
export function PolicyBanner() {
  const user = useStore($user);
  const [busy, setBusy] = useState(false);
  if (!user || !needsPolicyUpdate(user.policyVersion, policyVersion)) return null;
  const accept = async () => {
    setBusy(true);
    try {
      const result = await http.config.put<{ policyVersion: string }>('/users/policy-version', {
        policyVersion,
      });
      $user.set({ ...user, policyVersion: result.policyVersion } satisfies User);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="shell-banner" role="status">
      Please review and accept our terms and privacy policy, version {policyVersion}.{' '}
      <button type="button" className="shell-link-button" disabled={busy} onClick={() => void accept()}>
        Accept
      </button>
    </div>
  );
}

/** §4: when the health check fails, the user sees that the server cannot be reached. */
export function ConnectionBanner() {
  const connected = useStore($connected);
  if (connected) return null;
  return (
    <div className="shell-banner" data-type="warning" role="alert">
      The server cannot be reached. Your changes may not be saved until the connection is back.
    </div>
  );
}
