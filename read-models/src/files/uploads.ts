import type { FileUploaded } from '@feibao/domain/uploads/upload';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';

export type UploadDocument = FileUploaded['data'];
export const uploads = documentCollection<UploadDocument>('uploads');

export const uploadProjection = defineProjection({
  name: 'uploads',
  version: 1,
  collections: [uploads],
  eventTypes: ['FileUploaded'],
  async handle(event: RecordedEvent, client) {
    const data = event.data as UploadDocument;
    await uploads.put(client, data.fileId, data);
  },
});
