import { z } from 'zod';
import { droneSchema } from '@feibao/domain/ordering/form';
import { claimFormSchema } from '@feibao/domain/claims/form';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const nullableString = z.string().nullable();
const claimState = z.number().describe('docs/glossary.md "Claim states"');
const slaStages = z.array(z.string());

/**
 * The assessment per exposure (domain claims/policy.ts `AssessedExposure`): the loss, the
 * deductible and the limit applied, what capped the payout, and whether the deductible text
 * was one the rules understand (false: staff check it by hand).
 */
const assessedExposure = z.object({
  lineKey: z.string(),
  lineName: z.string(),
  kind: z.enum(['drone', 'injury', 'property', 'other']),
  lossAmount: z.number(),
  remark: z.string().optional(),
  deductibleText: nullableString,
  deductibleAmount: z.number(),
  payableAmount: z.number(),
  limitAmount: z.number().nullable(),
  cappedBy: z.enum(['limit', 'perPayout']).nullable(),
  understood: z.boolean(),
});
const assessment = z.object({
  at: z.string(),
  by: z.string(),
  reason: nullableString,
  exposures: z.array(assessedExposure),
  lossAmount: z.number(),
  payableAmount: z.number(),
});

/**
 * domain claims/api.ts `ClaimDetails`: the claim form as stored (domain claims/form.ts `ClaimForm`, with the
 * derived `deviceNumber` and `accidentType`) and what the platform adds.
 */
const claimDetails = claimFormSchema.omit({ id: true }).extend({
  deviceNumber: z.string().optional(),
  accidentType: z.string().optional(),
  id: z.string(),
  claimSettlementNo: z.string(),
  policyNo: z.string(),
  orderId: z.string(),
  userName: z.string(),
  claimState,
  applyTime: nullableString,
  submittedAt: nullableString,
  acceptedAt: nullableString,
  assignee: nullableString,
  lossAssessmentAmount: z.number().nullable(),
  finishClaimTime: nullableString,
  insuranceCompanyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  insuranceTypeInfoList: z.array(
    z.object({
      key: z.string(),
      insuranceTypeId: z.number(),
      name: z.string(),
      droneName: nullableString,
      insuranceAmount: z.number(),
      premium: z.number().nullable(),
      deductible: nullableString,
    }),
  ),
  insuredDeviceNumbers: z.array(z.string()),
  policyVersion: z.number().int().describe('保单版本：理赔立案时保单的版本（批改后递增）'),
  removedDrones: z
    .array(z.object({ deviceNumber: z.string(), effectiveDate: z.string() }))
    .describe('批改减除的无人机及减除生效日：此日及之后的事故不在保障范围内'),
  evidenceRequest: z.object({ message: z.string(), at: z.string() }).nullable(),
  assessment: assessment.nullable(),
  sla: z.object({
    acceptDueAt: nullableString,
    closeDueAt: nullableString,
    overdue: slaStages,
    missedStages: slaStages,
  }),
  evidence: z.object({
    required: z.array(z.object({ code: z.string(), name: z.string() })),
    missing: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
  pictureCount: z.number(),
  version: z.number(),
  actions: z.array(z.string()),
});

/** domain claims/api.ts `ClaimListRow`. */
const claimRow = z.object({
  id: z.string(),
  policyNo: z.string(),
  claimSettlementNo: z.string(),
  userName: z.string(),
  uavAccidentType: nullableString,
  uavAccidentTypeName: nullableString,
  applyTime: nullableString,
  lossAssessmentAmount: z.number().nullable(),
  finishClaimTime: nullableString,
  claimState,
  overdue: slaStages,
  assignee: nullableString,
  stageDueAt: nullableString,
  slaAgeDays: z.number().nullable(),
  evidenceRequested: z.boolean(),
  actions: z.array(z.string()),
});

/** domain claims/api.ts `ClaimPictureRow`. */
const pictureRow = z.object({
  id: z.string(),
  name: z.string(),
  fileUrl: z.string(),
  smallFileUrl: nullableString,
  imageTypeCode: z.string(),
  imageTypeName: z.string(),
  processing: z.enum(['pending', 'done', 'rejected']),
  uploadedAt: z.string(),
  capturedAt: nullableString.optional(),
  gps: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
});

/** domain claims/history.ts `HistoryEntry`; rows of one event share its position. */
export const historyRow = z.object({
  position: z.number(),
  operateDate: z.string(),
  operateType: z.string(),
  moduleName: z.string(),
  fieldName: z.string(),
  details: z.string(),
  remark: z.string(),
  userName: z.string(),
});

type ImageType = { imageTypeCode: string; imageTypeName: string; imageTypeCount: number; childList: ImageType[] };
const imageType: z.ZodType<ImageType> = z.object({
  imageTypeCode: z.string(),
  imageTypeName: z.string(),
  imageTypeCount: z.number(),
  get childList() {
    return z.array(imageType);
  },
});

/**
 * domain claims/policy.ts `InsuredDrone` (a drone of the policy's form, one device code each) with the flight
 * data summary the query service adds (claims/flightData.ts `FlightDataSummary`).
 */
const insuredDrone = droneSchema
  .omit({ deviceNumber: true, partInfoList: true, id: true, orderInfoId: true, quantity: true })
  .extend({
    deviceNumber: z.string(),
    flightData: z.object({
      source: z.literal('simulated'),
      lastFlightAt: z.string(),
      flightCount: z.number(),
      lastPosition: z.object({ latitude: z.number(), longitude: z.number() }),
    }),
  });

const page = <T extends z.ZodType>(row: T) =>
  z.object({ datas: z.array(row), currentPage: z.number(), pageSize: z.number(), totalCount: z.number() });

export const claimQueryDocs: RouteDocs = {
  'GET /api/v1/uav/claim/settlement/details': { summary: '理赔单详情（含定损明细 assessment）', data: claimDetails },
  'POST /api/v1/uav/claim/settlement/page': { summary: '理赔单列表', data: page(claimRow) },
  'GET /api/v1/uav/claim/settlement/listImageType': { summary: '图片类型（树，含各类张数）', data: z.array(imageType) },
  'POST /api/v1/uav/claim/settlement/pageImageInfo': { summary: '理赔图片', data: page(pictureRow) },
  'GET /api/v1/uav/claim/settlement/listLogById': { summary: '修改记录（管理员）', data: z.array(historyRow) },
  'GET /api/v1/uav/claim/settlement/history': { summary: '理赔历史', data: z.array(historyRow) },
  'GET /api/v1/uav/claim/settlement/history.csv': {
    summary: '理赔历史 CSV',
    rawSuccess: { contentType: 'text/csv', description: 'CSV' },
  },
  'GET /api/v1/uav/claim/settlement/getSettlementUavInfo': {
    summary: '可理赔的无人机（含飞行数据）',
    data: z.array(insuredDrone),
  },
  'GET /api/v1/uav/claim/settlement/staffMembers': {
    summary: '理赔人员',
    data: z.array(z.object({ mobilePhone: z.string(), name: z.string().nullable() })),
  },
  'GET /api/v1/uav/claim/settlement/picture/:id': {
    summary: '理赔图片文件',
    rawSuccess: { contentType: 'image/*', description: 'the picture (size=small: the display copy)' },
  },
};
