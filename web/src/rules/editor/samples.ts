import { generalApplication, prepared } from '@feibao/domain/ordering/fixtures';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { REFERRAL_RULE_ID, referralInput, tariffInput } from '@feibao/domain/rules/rating';

/**
 * 试算 inputs a rule really sees: the facts of each plan line of the typical survey company's
 * application (domain fixtures), as the engine builds them for tariff and referral rules.
 */
export type TrySample = { key: string; label: string; input: Record<string, unknown> };

const TODAY = '2026-11-21';

export const trySamples = (ruleId: string | null): TrySample[] => {
  const form = prepared(generalApplication());
  const lines = buildPlanLines(form);
  const tariff = lines.map((line) => ({
    key: `tariff:${line.key}`,
    label: `费率输入：${line.insuranceTypeInfoName}${line.uavInfoName ? `（${line.uavInfoName}）` : ''}`,
    input: tariffInput(line, form, { today: TODAY }),
  }));
  const referral = lines.map((line) => ({
    key: `referral:${line.key}`,
    label: `转人工输入：${line.insuranceTypeInfoName}`,
    input: referralInput(line, form) as Record<string, unknown>,
  }));
  return ruleId === REFERRAL_RULE_ID ? [...referral, ...tariff] : [...tariff, ...referral];
};

export const sampleText = (sample: TrySample | undefined) => JSON.stringify(sample?.input ?? {}, null, 2);
