/** Claim calls (docs/api/claims.md): list, report, photos, staff steps, admin amendment and history. */
import useSWR from 'swr';
import type { ClaimAction } from '@feibao/domain/claims/actions';
import type {
  ClaimDetails,
  ClaimListPage,
  ClaimListRow,
  ClaimPictureRow,
  ContrastAnswer,
} from '@feibao/domain/claims/api';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import type { HistoryEntry } from '@feibao/domain/claims/history';
import type { CountedImageTypeNode } from '@feibao/domain/claims/imageTypes';
import type { InsuredDrone } from '@feibao/domain/claims/policy';
import { call, request } from '../api/client.ts';
import { useSession } from '../api/session.ts';

const base = '/api/v1/uav/claim/settlement';

export const claimPaths = {
  create: `${base}/createClaimSettlement`,
  details: `${base}/details`,
  page: `${base}/page`,
  save: `${base}/save`,
  submit: `${base}/submit`,
  back: `${base}/back`,
  withdraw: `${base}/revocation`,
  drones: `${base}/getSettlementUavInfo`,
  imageTypes: `${base}/listImageType`,
  pictures: `${base}/pageImageInfo`,
  upload: `${base}/uploadBatch`,
  classify: `${base}/updatePicBatch`,
  deletePictures: `${base}/deletePicBatch`,
  contrast: `${base}/contrast`,
  saveLog: `${base}/saveLog`,
  log: `${base}/listLogById`,
  history: `${base}/history`,
  historyCsv: `${base}/history.csv`,
  accept: `${base}/accept`,
  requestEvidence: `${base}/requestEvidence`,
  assess: `${base}/assess`,
  close: `${base}/close`,
  reopen: `${base}/reopen`,
  assign: `${base}/assign`,
  staffMembers: `${base}/staffMembers`,
} as const;

export type {
  ClaimAction,
  ClaimDetails,
  ClaimListPage,
  ClaimListRow,
  ClaimPictureRow,
  ContrastAnswer,
  CountedImageTypeNode,
  FieldChange,
  HistoryEntry,
  InsuredDrone,
};
export type DroneWithFlightData = InsuredDrone & {
  flightData?: {
    source: 'simulated';
    lastFlightAt: string;
    flightCount: number;
    lastPosition: { latitude: number; longitude: number };
  };
};

export const CLAIM_LIST_SIZE = 20;
export const PICTURE_PAGE = 10;

/** The claims desk's queues (staff only; the server ignores them for customers). */
export type ClaimQueue = 'submitted' | 'processing' | 'evidence' | 'overdue';

/** The staff list's filters (customers may use them too, within their own claims; `queue` and `assignee` are staff only). */
export type ClaimFilters = {
  claimState?: number;
  policyNo?: string;
  claimSettlementNo?: string;
  overdue?: boolean;
  applyTimeFrom?: string;
  applyTimeTo?: string;
  queue?: ClaimQueue;
  /** A staff member's mobile phone, or 'me' for the caller. */
  assignee?: string;
};

// ---- reads -------------------------------------------------------------------

export const useClaimPage = (currentPage: number, filters: ClaimFilters = {}) => {
  const session = useSession();
  return useSWR<ClaimListPage>(
    session ? [claimPaths.page, currentPage, JSON.stringify(filters), session.user?.mobilePhone ?? ''] : null,
    ([path, page, f, userName]: [string, number, string, string]) =>
      request<ClaimListPage>(path, {
        body: { currentPage: page, pageSize: CLAIM_LIST_SIZE, userName, ...JSON.parse(f) },
      }),
    { dedupingInterval: 0 },
  );
};

/** No deduping: a report opened right after a write must read the claim afresh. */
export const useClaim = (id: string | null) => {
  const session = useSession();
  return useSWR<ClaimDetails>(session && id ? [claimPaths.details, { id }] : null, { dedupingInterval: 0 });
};

export type StaffMember = { mobilePhone: string; name: string };
/** Claims staff and admins, for the desk's 分派给 list (staff only; others get no request). */
export const useStaffMembers = (enabled: boolean) =>
  useSWR<StaffMember[]>(enabled ? [claimPaths.staffMembers, {}] : null);

export const useImageTypes = (id: string | null) => {
  const session = useSession();
  return useSWR<CountedImageTypeNode[]>(session && id ? [claimPaths.imageTypes, { id }] : null, {
    dedupingInterval: 0,
  });
};

export type PicturePage = { datas: ClaimPictureRow[]; currentPage: number; pageSize: number; totalCount: number };
export const usePictures = (id: string | null, imageTypeCode: string | null, pageSize: number, currentPage = 1) => {
  const session = useSession();
  return useSWR<PicturePage>(
    session && id ? [claimPaths.pictures, id, imageTypeCode ?? '', pageSize, currentPage] : null,
    ([path, claimId, code, size, page]: [string, string, string, number, number]) =>
      request<PicturePage>(path, { body: { id: claimId, imageTypeCode: code, pageSize: size, currentPage: page } }),
    { dedupingInterval: 0 },
  );
};

export const useClaimLog = (id: string | null, enabled: boolean) => {
  const session = useSession();
  return useSWR<HistoryEntry[]>(session && id && enabled ? [claimPaths.log, { id }] : null, { dedupingInterval: 0 });
};
export const useClaimHistory = (id: string | null) => {
  const session = useSession();
  return useSWR<HistoryEntry[]>(session && id ? [claimPaths.history, { id }] : null, { dedupingInterval: 0 });
};

export const fetchInsuredDrones = (id: string, deviceNumbers: readonly string[]) =>
  request<DroneWithFlightData[]>(claimPaths.drones, { query: { id, deviceNumber: deviceNumbers.join(',') } });

// ---- writes ------------------------------------------------------------------

/** 20000 → the new claim's id; 30000 (an unfinished claim exists) → ApiError with that claim's id in `data`. */
export const createClaim = (orderId: string, userName: string) =>
  call<string>(claimPaths.create, { query: { orderId, userName } });
export const saveClaim = (form: unknown) => call<{ id: string }>(claimPaths.save, { body: form });
export const submitClaim = (form: unknown) => call<{ id: string }>(claimPaths.submit, { body: form });
export const cancelNewClaim = (id: string) => call<unknown>(claimPaths.back, { query: { id } });
export const withdrawClaim = (id: string) => call<unknown>(claimPaths.withdraw, { query: { id } });

export const classifyPictures = (ids: string[], imageTypeCode: string, imageTypeName: string) =>
  call<unknown>(claimPaths.classify, { query: { imageTypeCode, imageTypeName }, body: ids });
export const deletePictures = (ids: string[]) => call<unknown>(claimPaths.deletePictures, { body: ids });

/** `seenVersion`: the claim version the form was loaded at, so a form someone changed since is refused, not compared. */
export const contrastClaim = (form: Record<string, unknown>, seenVersion?: number) =>
  call<ContrastAnswer>(claimPaths.contrast, {
    body: seenVersion === undefined ? form : { ...form, version: seenVersion },
  });
export const saveAmendment = (id: string, version: number, form: unknown, list: { path: string; remark: string }[]) =>
  call<unknown>(claimPaths.saveLog, { body: { id, version, form, list } });

export const acceptClaim = (id: string, reason: string) => call<unknown>(claimPaths.accept, { body: { id, reason } });
export const requestEvidence = (id: string, message: string) =>
  call<unknown>(claimPaths.requestEvidence, { body: { id, message } });
export const closeClaim = (id: string, reason: string) => call<unknown>(claimPaths.close, { body: { id, reason } });
export const reopenClaim = (id: string, reason: string) => call<unknown>(claimPaths.reopen, { body: { id, reason } });
export const assessClaim = (
  id: string,
  exposures: { lineKey: string; kind: string; lossAmount: number }[],
  reason: string,
) => call<unknown>(claimPaths.assess, { body: { id, exposures, reason } });

/** `assignee` a staff member's mobile phone; null unassigns. */
export const assignClaim = (id: string, assignee: string | null) =>
  call<unknown>(claimPaths.assign, { body: { id, assignee } });

export const can = (actions: readonly ClaimAction[] | undefined, action: ClaimAction) =>
  actions?.includes(action) ?? false;
