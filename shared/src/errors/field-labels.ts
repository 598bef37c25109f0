/** Request fields whose words are not what the form calls them. */
const labels: Readonly<Record<string, string>> = {
  oldPassword: 'current password',
  fullname: 'full name',
  emails: 'email addresses',
  id: 'identifier',
};

/**
 * A request field as a person names it, for the §8 templates ('The {field} is Invalid'):
 * 'oldPassword' → 'current password', 'successRedirectUrl' → 'success redirect URL',
 * 'recipients.0.address' → 'recipients address'.
 */
export function fieldLabel(field: string): string {
  const name = field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
  const known = labels[name];
  if (known) return known;
  return name
    .split(/[.\s_-]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => (/^(url|id|ip|api|smtp)$/i.test(word) ? word.toUpperCase() : word.toLowerCase()))
    .join(' ');
}
