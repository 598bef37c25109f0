export type SubstitutionData = Record<string, unknown>;

export interface RecipientAddress {
  email: string;
  name?: string;
  /** The envelope sender (Return-Path), when known. */
  returnPath?: string;
}

type Source = SubstitutionData | null | undefined;

/**
 * Shallow merge, later sources win. Callers pass them lowest first: template data, transmission
 * metadata, transmission substitution_data, recipient metadata, recipient substitution_data.
 */
export function mergeSubstitutionData(
  first?: Source,
  second?: Source,
  third?: Source,
  fourth?: Source,
  fifth?: Source,
): SubstitutionData {
  // Spread (not Object.assign) so an own "__proto__" key stays a plain key instead of setting the prototype.
  return { ...first, ...second, ...third, ...fourth, ...fifth };
}

/**
 * The reference's reserved variables from the recipient: `address` ({email, name}), `email`,
 * `email_id`, `env_from` and `return_path`. A key the data sets itself is left as the data has it.
 */
export function withRecipientAddress(data: SubstitutionData, address: RecipientAddress): SubstitutionData {
  const reserved: SubstitutionData = {
    address: { email: address.email, name: address.name },
    email: address.email,
    email_id: address.email,
  };
  if (address.returnPath !== undefined) {
    reserved.env_from = address.returnPath;
    reserved.return_path = address.returnPath;
  }
  return { ...reserved, ...data };
}
