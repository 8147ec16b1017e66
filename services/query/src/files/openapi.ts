import type { RouteDocs } from '@feibao/platform/http/openapi';

export const fileQueryDocs: RouteDocs = {
  'GET /api/v1/uav/file/:id': {
    summary: '下载文件（本人或后台）',
    rawSuccess: { contentType: 'application/octet-stream', description: 'the file as uploaded' },
  },
};
