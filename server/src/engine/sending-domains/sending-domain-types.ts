/** Where a domain's DNS check stands (SPF, DKIM, CNAME...). */
export type VerificationStatus = 'unverified' | 'pending' | 'invalid' | 'valid';
