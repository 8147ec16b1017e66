/** 投保要求's calls (docs/api/requirements.md): the match per insurer, and stating them. */
import useSWR from 'swr';
import type { RequirementMatchAnswer } from '@feibao/domain/ordering/requirementMatch';
import type { Requirements, RequirementsForm } from '@feibao/domain/ordering/requirements';
import { call } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

export const requirementPaths = {
  match: '/api/v1/uav/order/requirementMatch',
  state: '/api/v1/uav/order/requirements',
} as const;

export type { RequirementMatchAnswer };

/** Read afresh on every mount; the plan panel also re-reads it whenever the plan changes (a quote came in). */
export const useRequirementMatch = (id: string | null) => {
  const session = useSession();
  return useSWR<RequirementMatchAnswer>(session && id ? [requirementPaths.match, { id }] : null, {
    dedupingInterval: 0,
  });
};

export const stateRequirements = (id: string, form: RequirementsForm) =>
  call<{ id: string } & Requirements>(requirementPaths.state, { body: { id, ...form } });
