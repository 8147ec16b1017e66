import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const documentCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/certificate/add': {
    summary: '添加投保证明持有人（出具投保证明）',
    data: z.object({ certificateId: z.string() }),
    codes: [ResultCode.notFound, ResultCode.conflict],
  },
  'POST /api/v1/uav/order/certificate/withdraw': {
    summary: '撤销投保证明',
    data: z.object({ certificateId: z.string() }),
    codes: [ResultCode.notFound],
  },
};
