/** 信息披露 calls (docs/api/disclosure.md): the public page, the buyer's texts and confirmation, the editor. */
import useSWR from 'swr';
import type {
  DisclosureTextHistory,
  DisclosureTextVersion,
  PublicDisclosure,
  PurchaseTermsAnswer,
} from '@feibao/domain/disclosure/api';
import type { TextKind } from '@feibao/domain/disclosure/texts';
import { call, request } from '../api/client.ts';

const U = '/api/v1/uav';
export const disclosurePaths = {
  public: `${U}/public/disclosure`,
  text: `${U}/public/disclosure/text`,
  purchaseTerms: `${U}/order/purchaseTerms`,
  shown: `${U}/order/purchaseTerms/shown`,
  confirm: `${U}/order/purchaseTerms/confirm`,
  texts: `${U}/backoffice/disclosure/texts`,
  publish: `${U}/backoffice/disclosure/publish`,
} as const;

export const usePublicDisclosure = () =>
  useSWR<PublicDisclosure>(
    disclosurePaths.public,
    () => request<PublicDisclosure>(disclosurePaths.public, { auth: 'public' }),
    {
      revalidateOnFocus: false,
    },
  );

export const usePurchaseTerms = (orderId: string | null, insurerId: number | null) =>
  useSWR<PurchaseTermsAnswer>(
    orderId && insurerId ? [disclosurePaths.purchaseTerms, { id: orderId, insuranceCompanyId: insurerId }] : null,
    { revalidateOnFocus: false },
  );

export const recordTermsShown = (id: string, insuranceCompanyId: number) =>
  call<unknown>(disclosurePaths.shown, { body: { id, insuranceCompanyId } });

export const confirmTerms = (id: string, insuranceCompanyId: number, texts: DisclosureTextVersion[]) =>
  call<unknown>(disclosurePaths.confirm, {
    body: {
      id,
      insuranceCompanyId,
      texts: texts.map((t) => ({ kind: t.kind, coverId: t.coverId, version: t.version })),
    },
  });

export const useTextHistory = () => useSWR<DisclosureTextHistory[]>(disclosurePaths.texts);

export const publishText = (draft: {
  kind: TextKind;
  coverId: number | null;
  title: string;
  body: string;
  reason: string;
  baseVersion: number;
}) => call<{ key: string; version: number }>(disclosurePaths.publish, { body: draft });
