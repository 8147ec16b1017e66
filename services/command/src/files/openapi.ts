import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const fileCommandDocs: RouteDocs = {
  'POST /api/v1/uav/file/uploadBatch': {
    summary: '上传文件',
    bodyContentType: 'multipart/form-data',
    data: z.array(
      z.object({ id: z.string(), name: z.string(), fileUrl: z.string(), size: z.number(), mime: z.string() }),
    ),
    codes: [ResultCode.unsupportedMedia, ResultCode.tooLarge],
  },
};
