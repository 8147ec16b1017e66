import { z } from 'zod';
import { cancellationAppliedSchema } from '@feibao/domain/ordering/cancellation.wire';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const decided = z.object({ orderId: z.string(), cancellationId: z.string() });

export const cancellationCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/cancellation/apply': {
    summary: '申请退保（规则允许时自动通过并退款，否则进入退保审核队列）',
    data: cancellationAppliedSchema,
    codes: [ResultCode.badRequest, ResultCode.conflict, ResultCode.notFound],
  },
  'POST /api/v1/uav/backoffice/cancellation/approve': {
    summary: '同意退保（保单退保，退款原路退回）',
    data: decided,
    codes: [ResultCode.badRequest, ResultCode.conflict],
  },
  'POST /api/v1/uav/backoffice/cancellation/decline': {
    summary: '拒绝退保（须填写原因）',
    data: decided,
    codes: [ResultCode.badRequest, ResultCode.conflict],
  },
};
