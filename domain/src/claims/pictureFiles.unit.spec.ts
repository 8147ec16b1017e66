import { describe, expect, it } from 'vitest';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import { claimMessages } from './messages.ts';
import { pictureFileFor, pictureSizeOf, uploadClaimIdOf, type StoredPicture } from './pictureFiles.ts';

const owner = { sub: '13800000001', roles: ['user'] };
const stranger = { sub: '13800000002', roles: ['user'] };
const staff = { sub: '13700000001', roles: ['claims'] };
const done: StoredPicture = {
  owner: owner.sub,
  name: 'a.jpg',
  mime: 'image/jpeg',
  storedAs: 'claims/c1/c1.p.jpg',
  thumbnailAs: 'claims/c1/c1.p.small.webp',
  displayAs: 'claims/c1/c1.p.display.webp',
  processing: 'done',
};

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? [error.code, error.message] : error;
  }
  return null;
};

describe('claim picture files', () => {
  it('reads the size asked for; none or an unknown one is the display copy', () => {
    expect(pictureSizeOf({ size: 'small' })).toBe('small');
    expect(pictureSizeOf({ size: 'original' })).toBe('original');
    expect(pictureSizeOf({ size: 'huge' })).toBe('display');
    expect(pictureSizeOf({})).toBe('display');
    expect(pictureSizeOf(undefined)).toBe('display');
  });

  it('answers the claimant and staff with the copy asked for', () => {
    expect(pictureFileFor(done, 'display', owner)).toEqual({
      storedAs: done.displayAs,
      mime: 'image/webp',
      name: 'a.jpg',
    });
    expect(pictureFileFor(done, 'small', staff)).toEqual({
      storedAs: done.thumbnailAs,
      mime: 'image/webp',
      name: 'a.jpg',
    });
  });

  it('keeps the original, with its EXIF, for staff', () => {
    expect(pictureFileFor(done, 'original', staff)).toEqual({
      storedAs: done.storedAs,
      mime: 'image/jpeg',
      name: 'a.jpg',
    });
    expect(refusal(() => pictureFileFor(done, 'original', owner))).toEqual([
      ResultCode.forbidden,
      claimMessages.pictureOriginalStaffOnly,
    ]);
  });

  it('an unknown picture and someone else’s read alike as missing, whatever the size', () => {
    const missing = [ResultCode.notFound, claimMessages.pictureNotFound];
    expect(refusal(() => pictureFileFor(null, 'display', staff))).toEqual(missing);
    expect(refusal(() => pictureFileFor(done, 'display', stranger))).toEqual(missing);
    expect(refusal(() => pictureFileFor(done, 'original', stranger))).toEqual(missing);
  });

  it('a copy still being made, or never to be made, is missing with its own message', () => {
    const pending = { ...done, processing: 'pending', thumbnailAs: null, displayAs: null } as const;
    const rejected = { ...done, processing: 'rejected', thumbnailAs: null, displayAs: null } as const;
    expect(refusal(() => pictureFileFor(pending, 'display', owner))).toEqual([
      ResultCode.notFound,
      claimMessages.pictureProcessing,
    ]);
    expect(refusal(() => pictureFileFor(rejected, 'small', owner))).toEqual([
      ResultCode.notFound,
      claimMessages.pictureUnreadable,
    ]);
    expect(pictureFileFor(rejected, 'original', staff).storedAs).toBe(done.storedAs);
  });
});

describe('the claim an upload is for', () => {
  it('takes the field’s id, else the query’s (the first if repeated), trimmed', () => {
    const id = '0b9f2c1e-5d7a-4c3b-9e8f-1a2b3c4d5e6f';
    expect(uploadClaimIdOf({ id: ` ${id} ` }, {})).toBe(id);
    expect(uploadClaimIdOf(undefined, { id: [id, 'other'] })).toBe(id);
  });

  it('refuses an id that could not name a folder', () => {
    for (const id of [undefined, '', '../c1', 'c1/x', 'c1.p', 'a'.repeat(65), 7])
      expect(refusal(() => uploadClaimIdOf({ id }, {}))).toEqual([ResultCode.badRequest, claimMessages.idRequired]);
  });
});
