/** The file picker and a progress bar per file; files go one request each, one after another. */
import { Button, Icon, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import type { Variant } from '../../shared/site.ts';
import { imageMessages } from './helpers.ts';
import { imageKindOfFile, uploadPicture } from './uploadPictures.ts';

type Upload = {
  key: string;
  name: string;
  fraction: number;
  status: 'waiting' | 'sending' | 'done' | 'failed';
  message?: string;
};

export const UploadPanel = ({
  claimId,
  variant,
  onUploaded,
}: {
  claimId: string;
  variant: Variant;
  onUploaded: () => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (files: File[]) => {
    const batch = files.map((f, i) => ({ file: f, key: `${Date.now()}-${i}` }));
    setUploads(batch.map(({ file, key }) => ({ key, name: file.name, fraction: 0, status: 'waiting' })));
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    let stored = 0;
    try {
      for (const { file, key } of batch) {
        if (controller.signal.aborted) return;
        if ((await imageKindOfFile(file)) === null) {
          patch(key, { status: 'failed', message: imageMessages.notImage });
          toast.error(imageMessages.notImage);
          continue;
        }
        patch(key, { status: 'sending' });
        try {
          await uploadPicture(claimId, file, (fraction) => patch(key, { fraction }), controller.signal);
          patch(key, { status: 'done', fraction: 1 });
          stored += 1;
        } catch (e) {
          if (e instanceof Error && e.name === 'AbortError') return;
          patch(key, { status: 'failed', message: e instanceof ApiError ? e.message : imageMessages.uploadFailed });
          if (e instanceof ApiError) notifyError(e);
          else toast.error(imageMessages.uploadFailed);
        }
      }
    } finally {
      if (!controller.signal.aborted) {
        setBusy(false);
        if (stored > 0) {
          toast.success(imageMessages.uploaded);
          onUploaded();
        }
      }
    }
  };

  const mobile = variant === 'mobile';
  return (
    <div className="fb-images-upload">
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="picture-file-input"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          // Cleared so that picking the same file again still fires a change.
          e.currentTarget.value = '';
          if (files.length > 0) void send(files);
        }}
      />
      <Button
        icon="upload"
        intent="primary"
        size={mobile ? 'large' : undefined}
        fill={mobile}
        text="上传图片"
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid="picture-upload"
      />
      {uploads.length > 0 && (
        <ul className="fb-images-progress" aria-label="上传进度">
          {uploads.map((u, i) => (
            <li key={u.key} data-testid={`upload-progress-${i}`} data-status={u.status}>
              <span className="fb-images-progress-name" title={u.name}>
                {u.status === 'done' && <Icon icon="tick-circle" intent="success" />}
                {u.status === 'failed' && <Icon icon="error" intent="danger" />} {u.name}
              </span>
              {u.status === 'failed' ? (
                <span className="fb-images-progress-error">{u.message}</span>
              ) : (
                <ProgressBar
                  value={u.fraction}
                  intent={u.status === 'done' ? 'success' : 'primary'}
                  animate={u.status === 'sending'}
                  stripes={u.status !== 'done'}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
