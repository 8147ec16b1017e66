import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState } from '../shared/errors.ts';

/** A request to be contacted by a specialist (guide's manufacturer risks, information collection). */
export type LeadSubmitted = {
  type: 'LeadSubmitted';
  data: {
    leadId: string;
    phone: string;
    mailbox: string | null;
    enterpriseType: string | null;
    guaranteeRange: string | null;
    submittedBy: string | null;
    submittedAt: string;
  };
};
export type LeadEvent = LeadSubmitted;
export type Lead = { status: 'none' } | { status: 'submitted'; leadId: string };

export type SubmitLead = {
  type: 'SubmitLead';
  data: Omit<LeadSubmitted['data'], 'submittedAt'>;
  metadata: { now: Date };
};
export type LeadCommand = SubmitLead;

export const leadDecider: Decider<Lead, LeadCommand, LeadEvent> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitLead':
        if (state.status !== 'none') throw illegalState('该信息已提交');
        return [{ type: 'LeadSubmitted', data: { ...command.data, submittedAt: command.metadata.now.toISOString() } }];
      default:
        return assertNever(command.type);
    }
  },
  evolve: (_state, event) => ({ status: 'submitted', leadId: event.data.leadId }),
  initialState: () => ({ status: 'none' }),
};

export const leadStreamId = (leadId: string) => `lead-${leadId}`;
