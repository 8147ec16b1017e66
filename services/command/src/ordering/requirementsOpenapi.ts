import { z } from 'zod';
import { storedRequirementsSchema } from '@feibao/domain/ordering/requirements.wire';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const requirementsCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/requirements': {
    summary: '填写投保要求（投保前可修改；未填写的要求视为清除）',
    data: z.object({ id: z.string() }).extend(storedRequirementsSchema.shape),
    codes: [ResultCode.badRequest, ResultCode.conflict, ResultCode.notFound],
  },
};
