import { createSecureContext, type SecureContext } from 'node:tls';
import type { Clock } from '../../../../clock.ts';
import type { Db } from '../../../../db/db.ts';
import { certificateStore } from './certificate-store.ts';
import { unseal } from './sealed-key.ts';

const freshMs = 60_000;

/**
 * The TLS context of each verified domain with a certificate, for the sites' HTTPS listener (SNI):
 * read from the database and kept a minute, so a new certificate is served within a minute everywhere.
 */
export function createTlsContexts(deps: { db: Db; clock: Clock; secret: string }) {
  const known = new Map<string, { context: SecureContext | undefined; until: number }>();
  return async (servername: string): Promise<SecureContext | undefined> => {
    const name = servername.toLowerCase();
    const now = deps.clock.now().getTime();
    const hit = known.get(name);
    if (hit && hit.until > now) return hit.context;
    const row = await certificateStore.forHost(deps.db, name);
    const context =
      row && row.expires_at.getTime() > now
        ? createSecureContext({ cert: row.certificate_pem, key: unseal(deps.secret, row.key_sealed) })
        : undefined;
    if (known.size > 10_000) known.clear();
    known.set(name, { context, until: now + freshMs });
    return context;
  };
}
