import type { RecipientValidationResult } from '@app/contract';
import { Alert, Button, StatusTag } from '@app/shared';
import { Fragment } from 'react';
import { explain } from './explain.ts';

const alertTypes = { success: 'success', warning: 'warning', danger: 'danger', neutral: 'info' } as const;
const tagVariants = { success: 'success', warning: 'warning', danger: 'danger', neutral: 'neutral' } as const;

/** One address's verdict: the headline, the suggestion for a typo, then each check in plain words. */
export function ValidationResult({
  address,
  result,
  onTrySuggestion,
}: {
  address: string;
  result: RecipientValidationResult;
  onTrySuggestion: (address: string) => void;
}) {
  const explained = explain(result);
  return (
    <section aria-label={`Result for ${address}`}>
      <p>
        <strong>{address}</strong>{' '}
        <StatusTag variant={tagVariants[explained.tone]}>{result.result}</StatusTag>
      </p>
      <Alert type={alertTypes[explained.tone]}>{explained.headline}</Alert>
      {result.did_you_mean ? (
        <p>
          Did you mean <strong>{result.did_you_mean}</strong>?{' '}
          <Button variant="text" size="small" onClick={() => onTrySuggestion(result.did_you_mean ?? '')}>
            Check {result.did_you_mean}
          </Button>
        </p>
      ) : null}
      <dl className="app-definitions">
        {explained.facts.map((fact) => (
          <Fragment key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
