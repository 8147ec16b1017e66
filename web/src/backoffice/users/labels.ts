import type { RoleHistoryEntry } from '@feibao/domain/accounts/roleAdmin';
import { shanghaiDateTime } from '@feibao/domain/claims/history';

export { roleLabel, roleLabels } from '../../shared/roleLabels.ts';

export const actionLabels: Record<RoleHistoryEntry['action'], string> = {
  register: '注册',
  grant: '授予',
  revoke: '撤销',
};

/** Who made a change: the seeding shows as 系统, everyone else by phone. */
export const actorText = (by: string) => (by === 'system' ? '系统' : by);

export const registerTypeLabel = (t: 1 | 2) => (t === 2 ? '企业' : '个人');

/** Shanghai wall time to the minute, or — when there is none. */
export const dateTime = (v: string | null | undefined): string => (v ? shanghaiDateTime(v).slice(0, 16) : '—');
