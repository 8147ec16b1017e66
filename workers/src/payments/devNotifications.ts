import type { Job } from 'bullmq';
import type { DevGateway, DevNotifyJob } from '@feibao/platform/payments/dev';

/**
 * The dev gateway's sender: posts the signed notification (form-encoded, as Alipay does) to the platform's
 * notify endpoint and fails the job — BullMQ retries it with back-off — until the answer is `success`.
 */
export const devNotificationSender =
  (deps: { gateway: DevGateway; notifyUrl: string; now: () => Date; timeoutMs?: number }) =>
  async (job: Job<DevNotifyJob>) => {
    const params = await deps.gateway.notification(job.data, deps.now());
    if (!params) return 'dropped';
    const response = await fetch(deps.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
    });
    const answer = (await response.text()).trim();
    if (answer !== 'success') throw new Error(`notify answered ${response.status} ${answer.slice(0, 40)}`);
    return 'delivered';
  };
