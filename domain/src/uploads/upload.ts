import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState } from '../shared/errors.ts';

export const uploadMessages = {
  none: '请选择文件',
  failed: '上传失败',
  ok: '上传成功',
  notImage: '请上传图片格式',
  tooMany: '每次最多上传9个文件',
  tooLarge: '文件过大',
} as const;

export const MAX_FILES_PER_UPLOAD = 9;

export type FileUploaded = {
  type: 'FileUploaded';
  data: {
    fileId: string;
    owner: string;
    /** The name the sender gave, for display only; the file is stored under fileId. */
    originalName: string;
    mime: string;
    size: number;
    storedAs: string;
    category: string;
    orderId: string | null;
    uploadedAt: string;
  };
};
export type UploadEvent = FileUploaded;
export type Upload = { status: 'none' } | { status: 'stored'; owner: string };
export type RecordUpload = {
  type: 'RecordUpload';
  data: Omit<FileUploaded['data'], 'uploadedAt'>;
  metadata: { now: Date };
};

export const uploadDecider: Decider<Upload, RecordUpload, UploadEvent> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordUpload':
        if (state.status !== 'none') throw illegalState('文件已存在');
        return [{ type: 'FileUploaded', data: { ...command.data, uploadedAt: command.metadata.now.toISOString() } }];
      default:
        return assertNever(command.type);
    }
  },
  evolve: (_state, event) => ({ status: 'stored', owner: event.data.owner }),
  initialState: () => ({ status: 'none' }),
};

export const uploadStreamId = (fileId: string) => `upload-${fileId}`;
