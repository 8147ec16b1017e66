/** 版本记录 for staff (the audit's order page): the same versions and downloads the owner sees. */
import { usePolicyDocuments } from './api.ts';
import { PolicyVersionsSection } from './PolicyVersionsSection.tsx';

export const StaffPolicyVersions = ({ orderId }: { orderId: string }) => {
  const docs = usePolicyDocuments(orderId);
  return <PolicyVersionsSection orderId={orderId} versions={docs.data?.versions ?? []} mobile={false} />;
};
