import type { Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { claimDecider, type ClaimCommand } from '@feibao/domain/claims/claim.commands';
import { claimStreamId, type Claim, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { aggregate, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import type { ClaimPictureJob } from './jobs.ts';
import { readCaptureFacts, renderPicture, type Rendered } from './render.ts';

export type ClaimPictureWorkDeps = {
  eventStore: EventStore;
  now: () => Date;
  uploadDir: string;
  /** Largest canvas the decoder accepts (config `pictureMaxPixels`). */
  maxPixels: number;
};

export const PICTURE_UNREADABLE = '图片已损坏或格式不受支持';

/** The copies sit next to the original: `<pictureId>.thumb.webp`, `<pictureId>.display.webp`. */
export const copiesOf = (storedAs: string) => {
  const base = storedAs.replace(/\.[^./]+$/, '');
  return { thumbnailAs: `${base}.thumb.webp`, displayAs: `${base}.display.webp` };
};

/** Written beside the target and renamed over it: a reader never sees half a file, a crash leaves no half copy. */
const writeAtomically = async (target: string, bytes: Buffer) => {
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
};

/** A decoder refusal is final (the file will never decode); file-system errors carry a code and are retried. */
const isUndecodable = (error: unknown) => error instanceof Error && !(error as NodeJS.ErrnoException).code;

/**
 * One uploaded picture per job: EXIF facts from the original, then the display and thumbnail copies,
 * then `RecordPictureProcessed`. A picture that is gone or already handled needs nothing; one that
 * cannot be decoded is rejected once rather than retried. The decider ignores duplicates, so a job
 * run again after a crash records nothing twice.
 */
export const claimPictureProcessor = (deps: ClaimPictureWorkDeps) => {
  const uploadDir = path.resolve(deps.uploadDir);
  const inUploads = (relative: string) => {
    const full = path.resolve(uploadDir, relative);
    if (!full.startsWith(uploadDir + path.sep)) throw new Error(`picture path outside the upload folder: ${relative}`);
    return full;
  };
  const system = () => ({ now: deps.now(), actor: 'system', roles: [] as string[], system: true });
  const run = (claimId: string, command: ClaimCommand) =>
    handleCommand(deps.eventStore, claimStreamId(claimId), claimDecider, command);

  // Three parameters: BullMQ hands the abort signal only to processors that declare it.
  return async (job: Job<ClaimPictureJob>, _token?: string, signal?: AbortSignal) => {
    const { claimId, pictureId } = job.data;
    const claim = await aggregate<Claim, ClaimEvent>(deps.eventStore, claimStreamId(claimId), claimDecider);
    const picture = claim.status === 'none' ? undefined : claim.pictures[pictureId];
    if (picture?.processing !== 'pending') return 'skipped';

    const original = inUploads(picture.storedAs);
    const facts = await readCaptureFacts(original);
    let rendered: Rendered;
    try {
      rendered = await renderPicture(original, deps.maxPixels);
    } catch (error) {
      if (!isUndecodable(error)) throw error;
      logger.warn({ err: error, claimId, pictureId }, 'claim picture cannot be decoded');
      await run(claimId, {
        type: 'RejectPicture',
        data: { pictureId, reason: PICTURE_UNREADABLE },
        metadata: system(),
      });
      return 'rejected';
    }
    // A cancelled job leaves nothing behind: the job is taken up again from the start.
    signal?.throwIfAborted();
    const { thumbnailAs, displayAs } = copiesOf(picture.storedAs);
    await writeAtomically(inUploads(displayAs), rendered.display);
    await writeAtomically(inUploads(thumbnailAs), rendered.thumbnail);
    signal?.throwIfAborted();
    await run(claimId, {
      type: 'RecordPictureProcessed',
      data: { pictureId, thumbnailAs, displayAs, width: rendered.width, height: rendered.height, ...facts },
      metadata: system(),
    });
    return 'processed';
  };
};
