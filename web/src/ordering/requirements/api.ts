/** 投保要求's calls (docs/api/requirements.md): the match per insurer, and stating them. */
import useSWR from 'swr';
import { OrderState } from '@feibao/domain/ordering/order.events';
import type { RequirementMatchAnswer } from '@feibao/domain/ordering/requirementMatch';
import type { RequirementsForm } from '@feibao/domain/ordering/requirements';
import { call } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { LIVE_REFRESH_MS } from '../api.ts';

export const requirementPaths = {
  match: '/api/v1/uav/order/requirementMatch',
  state: '/api/v1/uav/order/requirements',
} as const;

export type { RequirementMatchAnswer };

/** Re-read with the plan while quotes come in: a verdict changes as each insurer answers. */
export const useRequirementMatch = (id: string | null, state: number | undefined) => {
  const session = useSession();
  return useSWR<RequirementMatchAnswer>(session && id ? [requirementPaths.match, { id }] : null, {
    refreshInterval: state === OrderState.quoting ? LIVE_REFRESH_MS : 0,
    dedupingInterval: 0,
  });
};

export const stateRequirements = (id: string, form: RequirementsForm) =>
  call<{ id: string }>(requirementPaths.state, { body: { id, ...form } });
