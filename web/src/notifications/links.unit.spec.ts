import { describe, expect, it } from 'vitest';
import { badgeText, notificationHref, notificationTime } from './links.ts';

describe('notification links', () => {
  it('lead to the order, the policy (read-only details) and the claim on each site', () => {
    expect(notificationHref({ type: 'order', id: 'o1' }, 'desktop')).toBe('/platform/supportConcept?id=o1');
    expect(notificationHref({ type: 'policy', id: 'o1' }, 'mobile')).toBe('/touch/supportConcept?id=o1&show=true');
    expect(notificationHref({ type: 'claim', id: 'c 1' }, 'desktop')).toBe('/platform/report?id=c%201');
  });

  it('shows today as a time, other days with the date; badges stop at 99+', () => {
    const now = new Date(2026, 10, 27, 15, 0);
    expect(notificationTime(new Date(2026, 10, 27, 9, 5).toISOString(), now)).toBe('09:05');
    expect(notificationTime(new Date(2026, 10, 26, 9, 5).toISOString(), now)).toBe('2026-11-26 09:05');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
