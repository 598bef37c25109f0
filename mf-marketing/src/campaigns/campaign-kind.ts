/** A plain campaign (§2 Campaign) or an A/B test (§2 A/B Test Email): the same composer, two lists. */
export type CampaignKind = 'campaign' | 'ab';

/** How each kind reads and where its screens are. */
export const campaignKinds = {
  campaign: {
    base: '/campaign',
    title: 'Campaign',
    plural: 'campaigns',
    all: 'All campaigns',
    newTitle: 'New campaign',
    nameLabel: 'Campaign name',
    description:
      'Emails to your contacts: composed in the block editor, sent to labels and segments, each contact once.',
    empty:
      'A campaign is one email sent to the contacts of your labels and segments. Name one above to start composing it.',
  },
  ab: {
    base: '/ab-test',
    title: 'A/B Test Email',
    plural: 'A/B tests',
    all: 'All A/B tests',
    newTitle: 'New A/B test',
    nameLabel: 'A/B test name',
    description:
      'Versions of one email tried on a share of your contacts; after the wait, the best goes to the rest, each contact once.',
    empty:
      'An A/B test sends versions of an email (another subject or sender name) to a share of the recipients, then the winner to everyone else. Name one above to start.',
  },
} as const;

/** The kind of the page at `path`: the A/B screens live under /ab-test. */
export const kindOfPath = (path: string): CampaignKind => (path.startsWith('/ab-test') ? 'ab' : 'campaign');

/** The composer's address of a campaign or an A/B test. */
export const composeHref = (kind: CampaignKind, id: string) =>
  `${campaignKinds[kind].base}/${encodeURIComponent(id)}`;
