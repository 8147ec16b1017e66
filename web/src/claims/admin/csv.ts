/** Download of a claim's history CSV (the server names it after the claim number). */
import { downloadFile } from '../../api/download.ts';
import { claimPaths } from '../api.ts';

export const downloadHistoryCsv = (claimId: string): Promise<void> =>
  downloadFile({
    path: claimPaths.historyCsv,
    query: { id: claimId },
    refreshVia: claimPaths.log,
    fallbackName: `claim-${claimId}-history.csv`,
  });
