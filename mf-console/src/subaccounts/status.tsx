import type { SubaccountView } from '@app/contract';
import { StatusTag } from '@app/shared';

const variants = { active: 'success', suspended: 'warning', terminated: 'danger' } as const;
const labels = { active: 'Active', suspended: 'Suspended', terminated: 'Terminated' } as const;

export const statusLabel = (status: SubaccountView['status']) => labels[status];

export function SubaccountStatus({ status }: { status: SubaccountView['status'] }) {
  return <StatusTag variant={variants[status]}>{labels[status]}</StatusTag>;
}
