import { createHash } from 'node:crypto';
import type { Queryable } from '@feibao/platform/db';

/**
 * The store of issued files (migration 0022_document_files.sql): content-addressed by the SHA-256
 * of the bytes, inserted if absent, never updated. The workers write it, the query service (downloads)
 * and the verification page read it.
 */
export type StoredFile = { fileSha256: string; contentType: string; size: number; bytes: Buffer };

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export const documentFiles = (db: Queryable) => ({
  /** Stores the bytes under their hash (nothing happens when they are there already) and answers the hash. */
  async put(bytes: Buffer, contentType = 'application/pdf'): Promise<string> {
    const fileSha256 = sha256Hex(bytes);
    await db.query(
      `INSERT INTO document_files (file_sha256, content_type, size, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (file_sha256) DO NOTHING`,
      [fileSha256, contentType, bytes.length, bytes],
    );
    return fileSha256;
  },
  async get(fileSha256: string): Promise<StoredFile | null> {
    const { rows } = await db.query<{ file_sha256: string; content_type: string; size: number; bytes: Buffer }>(
      'SELECT file_sha256, content_type, size, bytes FROM document_files WHERE file_sha256 = $1',
      [fileSha256],
    );
    const row = rows[0];
    return row
      ? { fileSha256: row.file_sha256, contentType: row.content_type, size: row.size, bytes: row.bytes }
      : null;
  },
  async has(fileSha256: string): Promise<boolean> {
    const { rowCount } = await db.query('SELECT 1 FROM document_files WHERE file_sha256 = $1', [fileSha256]);
    return (rowCount ?? 0) > 0;
  },
});
