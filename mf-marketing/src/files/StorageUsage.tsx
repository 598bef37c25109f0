import { formatSize } from '@app/contract';
import type { FileUsage } from '@app/contract/marketing/files';

/** How much of the plan's storage the company's files take (§3 usage group File Manager). */
export function StorageUsage({ usage }: { usage: FileUsage | undefined }) {
  if (!usage) return null;
  const share = usage.quotaBytes > 0 ? Math.min(1, usage.usedBytes / usage.quotaBytes) : 1;
  const text = `${formatSize(usage.usedBytes)} of ${formatSize(usage.quotaBytes)} used`;
  return (
    <div className="files-usage">
      <span>Storage: {text}</span>
      <sl-progress-bar value={Math.round(share * 100)} label={`Storage: ${text}`} />
    </div>
  );
}
