import type { SuppressionType } from '@app/contract';

export const typeLabels: Record<SuppressionType, string> = {
  transactional: 'Transactional',
  non_transactional: 'Non-transactional',
};

export const typeOptions = (Object.keys(typeLabels) as SuppressionType[]).map((value) => ({
  value,
  label: typeLabels[value],
}));
