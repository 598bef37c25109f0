import { type Db, isUniqueViolation } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';

export interface NewCompany {
  companyName: string;
  phone: string;
  email: string;
  /** null for accounts that sign in through Google/OIDC only. */
  passwordHash: string | null;
  validated: boolean;
  fullname?: string;
  now: Date;
}

const emailRegistered = () => new DomainError('emailRegistered', 'Email already registered');

/** A company on the FREE plan with its owner (role ADMIN); run inside a transaction. */
export async function createCompanyWithOwner(
  tx: Db,
  input: NewCompany,
): Promise<{ companyId: string; userId: string }> {
  const taken = await tx.maybeOne('SELECT 1 FROM users WHERE lower(email) = lower($1)', [input.email]);
  if (taken) throw emailRegistered();
  const { id: companyId } = await tx.one<{ id: string }>(
    'INSERT INTO companies (name, phone, created_at) VALUES ($1, $2, $3) RETURNING id',
    [input.companyName, input.phone, input.now],
  );
  await tx.query("INSERT INTO subscriptions (company_id, plan_id, started_at) VALUES ($1, 'FREE', $2)", [
    companyId,
    input.now,
  ]);
  await tx.query('INSERT INTO product_tours (company_id) VALUES ($1)', [companyId]);
  try {
    const { id: userId } = await tx.one<{ id: string }>(
      `INSERT INTO users (company_id, email, password_hash, role, validated, fullname, phone, created_at)
       VALUES ($1, $2, $3, 'ADMIN', $4, $5, $6, $7) RETURNING id`,
      [
        companyId,
        input.email,
        input.passwordHash,
        input.validated,
        input.fullname ?? '',
        input.phone,
        input.now,
      ],
    );
    return { companyId, userId };
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailRegistered();
    throw error;
  }
}
