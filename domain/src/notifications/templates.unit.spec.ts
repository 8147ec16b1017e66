import { describe, expect, it } from 'vitest';
import { kindInfo, notificationKinds, smsWanted } from './kinds.ts';
import { renderNotification, SMS_SIGNATURE, templates } from './templates.ts';

const sample = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, `<${name}>`]));

describe('notification templates', () => {
  it.each(notificationKinds)('%s renders with exactly its variables, the SMS signed and short', (kind) => {
    const template = templates[kind];
    const rendered = renderNotification(kind, sample(template.variables));
    const used = new Set(
      [template.title, template.body, template.sms].flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])),
    );
    expect([...used].sort()).toEqual([...template.variables].sort());
    for (const text of Object.values(rendered)) expect(text).not.toMatch(/\{\w+\}/);
    expect(rendered.sms.startsWith(SMS_SIGNATURE)).toBe(true);
    expect(template.sms.length).toBeLessThanOrEqual(70);
    expect(rendered.title).toBe(template.title);
  });

  it('refuses to render with a variable missing', () => {
    expect(() => renderNotification('quotesIn', {})).toThrow(/orderNo/);
  });

  it('renders the values in place', () => {
    expect(renderNotification('claimAssessed', { claimNo: 'LP1', payable: '1200.00' })).toEqual({
      title: '理赔已核定',
      body: '理赔案件LP1已核定，应赔付金额1200.00元。',
      sms: '【飞保】理赔案件LP1已核定，应赔付1200.00元。',
    });
  });

  it('sends SMS by default for what is due or decided, and follows the user choice', () => {
    const defaults = notificationKinds.filter((k) => kindInfo[k].smsDefault);
    expect(defaults).toEqual([
      'paymentDue',
      'policyIssued',
      'policyEnding',
      'policyEnded',
      'policyCancelled',
      'cancellationDeclined',
      'policyEndorsed',
      'endorsementPaymentDue',
      'claimAssessed',
    ]);
    expect(smsWanted('quotesIn', {})).toBe(false);
    expect(smsWanted('quotesIn', { quotesIn: true })).toBe(true);
    expect(smsWanted('paymentDue', { paymentDue: false })).toBe(false);
  });
});
