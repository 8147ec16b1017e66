import { describe, expect, it } from 'vitest';
import { reportRights } from './reportRights.ts';

describe('reportRights', () => {
  it('gives the parts, the log and the explained submit to whoever the server lists amend and log for', () => {
    const adminActions = ['view', 'submit', 'edit', 'history', 'log', 'amend'] as const;
    expect(reportRights(adminActions, false)).toEqual({ parts: true, log: true, amendOnSubmit: true });
    // Creating a claim shows no parts, even to an admin.
    expect(reportRights(adminActions, true)).toEqual({ parts: false, log: true, amendOnSubmit: true });
  });

  it('gives a customer or claims staff none of them, whatever else they may do', () => {
    expect(reportRights(['view', 'save', 'submit', 'back', 'history'], true)).toEqual({
      parts: false,
      log: false,
      amendOnSubmit: false,
    });
    expect(reportRights(['view', 'accept', 'assign', 'history'], false)).toEqual({
      parts: false,
      log: false,
      amendOnSubmit: false,
    });
    expect(reportRights(undefined, false)).toEqual({ parts: false, log: false, amendOnSubmit: false });
  });
});
