import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderNoSearch, phoneSearch, searchMessages } from './search.ts';

const schema = z.object({ orderNo: orderNoSearch, phone: phoneSearch });
const message = (input: object) => schema.safeParse(input).error?.issues[0]?.message;

describe('order number and phone search fields', () => {
  it('reads blanks as no filter, an order number upper-cased, a phone without the spaces people type', () => {
    expect(schema.parse({ orderNo: ' ', phone: '' })).toEqual({});
    expect(schema.parse({ orderNo: ' fb2026 ', phone: '138 1234-1234' })).toEqual({
      orderNo: 'FB2026',
      phone: '13812341234',
    });
  });

  it('refuses anything but a whole mobile number, so a search never matches part of one', () => {
    for (const phone of ['1381234', '138****1234', '23812341234', '138123412345', 13812341234])
      expect(message({ phone }), String(phone)).toBe(searchMessages.phone);
  });

  it('refuses order numbers with other characters or too long', () => {
    for (const orderNo of ['FB%', "FB' OR 1=1", 'F'.repeat(33), 12])
      expect(message({ orderNo }), String(orderNo)).toBe(searchMessages.orderNo);
  });
});
