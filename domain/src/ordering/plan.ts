import { CoverGroup, CoverId, insuranceTypeById } from './catalogue.ts';
import type { Drone, OrderForm } from './form.ts';

/**
 * One row of the cover plan (the plan row of docs/glossary.md without the per-insurer
 * columns): a drone cover per drone, a personnel or site cover once per order.
 */
export type PlanLine = {
  /** `${insuranceTypeId}:${drone index | '-'}`: stable for one stored form. */
  key: string;
  insuranceTypeInfoId: number;
  insuranceTypeInfoName: string;
  /** The drone's index in uavInfoList, as a string; null for covers not tied to a drone. */
  uavInfoId: string | null;
  uavInfoName: string | null;
  quantity: number;
  /** 10k yuan; for training liability 0 standard, 1 premium. */
  insuranceAmount: number;
  /** Days. */
  guaranteeTerm: number;
  siteSize: number | null;
  staffCount: number | null;
  studentCount: number | null;
};

/** Also rebuilds a key from the ids the old delete call sends (uavInfoId '' or absent for order-wide covers). */
export const planLineKey = (insuranceTypeId: number | string, uavInfoId: number | string | null | undefined) =>
  `${insuranceTypeId}:${uavInfoId === null || uavInfoId === undefined || uavInfoId === '' || uavInfoId === 'null' ? '-' : uavInfoId}`;

export const droneDisplayName = (drone: Drone, index: number): string =>
  drone.name ?? ([drone.manufacturer, drone.model].filter(Boolean).join(' ') || `无人机${index + 1}`);

/** Hull-like covers insure the drone's value; liability insures a chosen limit per aircraft. */
const insuresDroneValue = (coverId: number) =>
  coverId === CoverId.hull || coverId === CoverId.comprehensive || coverId === CoverId.theft;

const headCount = (form: OrderForm, coverId: number): number => {
  switch (coverId) {
    case CoverId.staffAccident:
      return form.staffCount ?? 0;
    case CoverId.studentAccident:
    case CoverId.trainingLiability:
      return form.studentCount ?? 0;
    case CoverId.operatorAccident:
      return form.uavDriverInfoList.length;
    default:
      return 1;
  }
};

/** Expects a normalised form (amounts derived, terms defaulted). */
export const buildPlanLines = (form: OrderForm): PlanLine[] =>
  form.insuranceTypeInfoList.flatMap((line): PlanLine[] => {
    const cover = insuranceTypeById(line.insuranceTypeId);
    const name = cover?.name ?? line.insuranceTypeName ?? String(line.insuranceTypeId);
    const term = line.guaranteeTerm ?? 365;
    if (cover?.groupCode === CoverGroup.drone) {
      return form.uavInfoList.map((drone, i) => {
        const quantity = drone.quantity ?? 0;
        return {
          key: planLineKey(line.insuranceTypeId, i),
          insuranceTypeInfoId: line.insuranceTypeId,
          insuranceTypeInfoName: name,
          uavInfoId: String(i),
          uavInfoName: droneDisplayName(drone, i),
          quantity,
          insuranceAmount: insuresDroneValue(line.insuranceTypeId)
            ? Math.round(quantity * (drone.price ?? 0)) / 10_000
            : (line.insuranceAmount ?? 0),
          guaranteeTerm: term,
          siteSize: null,
          staffCount: null,
          studentCount: null,
        };
      });
    }
    return [
      {
        key: planLineKey(line.insuranceTypeId, null),
        insuranceTypeInfoId: line.insuranceTypeId,
        insuranceTypeInfoName: name,
        uavInfoId: null,
        uavInfoName: null,
        quantity: headCount(form, line.insuranceTypeId),
        insuranceAmount: line.insuranceAmount ?? 0,
        guaranteeTerm: term,
        siteSize: line.insuranceTypeId === CoverId.siteLiability ? (form.siteInfo.siteSize ?? null) : null,
        staffCount: form.staffCount ?? null,
        studentCount: form.studentCount ?? null,
      },
    ];
  });
