export type SubstitutionData = Record<string, unknown>;

export interface RecipientAddress {
  email: string;
  name?: string;
}

/** Shallow merge, later sources win: template < transmission < recipient. */
export function mergeSubstitutionData(
  template?: SubstitutionData | null,
  transmission?: SubstitutionData | null,
  recipient?: SubstitutionData | null,
): SubstitutionData {
  // Spread (not Object.assign) so an own "__proto__" key stays a plain key instead of setting the prototype.
  return { ...template, ...transmission, ...recipient };
}

/** Exposes the recipient as `address` ({email, name}) unless the data already has its own `address`. */
export function withRecipientAddress(data: SubstitutionData, address: RecipientAddress): SubstitutionData {
  if (Object.hasOwn(data, 'address')) return data;
  return { ...data, address: { email: address.email, name: address.name } };
}
