import type { SuppressionType } from '@app/shared';

export const typeLabels: Record<SuppressionType, string> = {
  transactional: 'Transactional',
  non_transactional: 'Non-transactional',
};

export const typeOptions = (Object.keys(typeLabels) as SuppressionType[]).map((value) => ({
  value,
  label: typeLabels[value],
}));
