import type { Survey, surveyBody } from '@app/contract/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { readTour, setTourFlags } from '../../engine/sandbox/tour-flags.ts';

// The `onboarding_surveys` table: every statement on it.

type SurveyAnswers = z.output<typeof surveyBody>;

/**
 * Stores one answer of the on-boarding survey with the company and the user who gave it, and sets the
 * tour flag surveyCompletion in the same transaction. Answering again adds a row (the latest counts).
 */
export async function saveSurvey(
  db: Db,
  clock: Clock,
  caller: { companyId: string; userId: string },
  answers: SurveyAnswers,
): Promise<Survey> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: string; created_at: Date | string }>(
      `INSERT INTO onboarding_surveys (company_id, user_id, role, sends, monthly_volume, heard_from, created_at)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7) RETURNING id, created_at`,
      [
        caller.companyId,
        caller.userId,
        answers.role,
        answers.sends,
        answers.monthlyVolume,
        answers.heardFrom,
        clock.now(),
      ],
    );
    await setTourFlags(tx, caller.companyId, ['surveyCompletion']);
    return {
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      tour: await readTour(tx, caller.companyId),
    };
  });
}
