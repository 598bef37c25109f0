import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** A null hash (unknown user, or no password set) still costs one verification, so timing reveals nothing. */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  // argon2id is the library default.
  const hashPassword = (password: string) => hash(password, cost);
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    verify: async (passwordHash, password) => {
      if (passwordHash === null) {
        dummyHash ??= hashPassword('dummy password for timing');
        await verify(await dummyHash, password);
        return false;
      }
      return verify(passwordHash, password);
    },
  };
}
