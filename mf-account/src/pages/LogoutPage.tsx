import { logout, navigate, Spinner } from '@app/shared';
import { useEffect } from 'react';

/** /logout logs out, then goes to /login (§2). */
export function LogoutPage() {
  useEffect(() => {
    void logout().then(() => navigate('/login'));
  }, []);
  return <Spinner label="Signing out ..." />;
}
