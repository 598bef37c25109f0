import { fileApi } from '../files/api.ts';
import { senderApi } from '../senders/api.ts';
import type { MissionFacts } from './mission.ts';

/** What the onboarding mission reads from the company's data (an email sent comes from the tour flags). */
export async function loadMissionFacts(): Promise<Omit<MissionFacts, 'emailSent'>> {
  const senders = senderApi();
  const [domains, validated, files] = await Promise.all([
    senders.domains(),
    senders.list({ status: 'validated', size: 1 }),
    fileApi().list({ size: 1 }),
  ]);
  return {
    verifiedDomain: domains.some((domain) => domain.verified),
    validatedSender: validated.total > 0,
    uploadedFile: files.total > 0,
  };
}
