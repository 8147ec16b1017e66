import { randomBytes } from 'node:crypto';
import { policyDocumentsDecider, type DocumentCommand } from '@feibao/domain/documents/document.commands';
import {
  certificateIdFor,
  orderIdOfCertificate,
  policyDocumentsStreamId,
  type CertificateHolder,
} from '@feibao/domain/documents/document.events';
import type { PolicyFacts } from '@feibao/domain/documents/guards';
import { documentMessages as m } from '@feibao/domain/documents/messages';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, stateNumber, type Order, type OrderEvent } from '@feibao/domain/ordering/order.events';
import type { OrderActor } from '@feibao/domain/ordering/guards';
import { notFound } from '@feibao/domain/shared/errors';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';

type Meta = OrderActor & { now: Date };

/**
 * The certificates' commands: what the decision needs is read from the order's stream (its owner
 * and state, handed in on the command), the decision is the documents stream's.
 */
export const documentHandling = (deps: CommandDeps) => {
  const policyFacts = async (orderId: string): Promise<PolicyFacts> => {
    const order = await aggregate<Order, OrderEvent>(deps.eventStore, orderStreamId(orderId), orderDecider);
    const state = stateNumber(order);
    if (order.status === 'none' || state === null) throw notFound(m.orderNotFound);
    return { owner: order.owner, state };
  };
  const run = (orderId: string, command: DocumentCommand) =>
    handleCommand(deps.eventStore, policyDocumentsStreamId(orderId), policyDocumentsDecider, command);

  return {
    async addCertificateHolder(orderId: string, holder: CertificateHolder, meta: Meta) {
      const order = await policyFacts(orderId);
      const certificateId = certificateIdFor(orderId, randomBytes(8).toString('hex'));
      const result = await run(orderId, {
        type: 'AddCertificateHolder',
        data: { orderId, certificateId, holder, order },
        metadata: meta,
      });
      return { certificateId, position: result.position };
    },
    async withdrawCertificate(certificateId: string, meta: Meta) {
      const orderId = orderIdOfCertificate(certificateId);
      if (!orderId) throw notFound(m.certificateNotFound);
      const order = await policyFacts(orderId);
      const result = await run(orderId, {
        type: 'WithdrawCertificate',
        data: { orderId, certificateId, order },
        metadata: meta,
      });
      return { position: result.position };
    },
  };
};
