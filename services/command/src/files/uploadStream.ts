import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Raised while a file streams in, as soon as it passes the limit; the upload route answers 文件过大. */
export class UploadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`upload larger than ${limit} bytes`);
    this.name = 'UploadTooLarge';
  }
}

/**
 * A file sink for formidable's `fileWriteStreamHandler` that counts bytes as they arrive and fails
 * the moment the file passes `maxBytes`: formidable's own `maxFileSize` is only checked once a part
 * has been received in full, so a single oversized file would otherwise be written to disk entirely.
 * A sink destroyed before it finished (its own limit, another part's failure, an aborted request)
 * removes what it wrote.
 */
export const cappedFileSink = (
  filepath: string,
  maxBytes: number,
  onFailure: (error: Error) => void = () => undefined,
): Writable => {
  const out = createWriteStream(filepath, { flags: 'wx', mode: 0o600 });
  let received = 0;
  let complete = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) return done(new UploadTooLarge(maxBytes));
      // Told at once: the sink's own 'error' comes only after the partial file is removed, which
      // can be after the parser has already called the part complete.
      out.write(chunk, (error) => {
        if (error) onFailure(error);
        done(error ?? null);
      });
    },
    final(done) {
      out.end((error?: Error | null) => {
        complete = !error;
        done(error ?? null);
      });
    },
    destroy(error, done) {
      if (complete) return done(error);
      // Removed once closed: a stream destroyed before its open completes still creates the file.
      const remove = () =>
        rm(filepath, { force: true }).then(
          () => done(error),
          () => done(error),
        );
      if (out.closed) return void remove();
      out.once('close', remove);
      out.destroy();
    },
  });
  out.on('error', (error) => {
    onFailure(error);
    sink.destroy(error);
  });
  return sink;
};
