import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claimQueryDocs } from './openapi.ts';

/**
 * A picture's GPS fix reaches staff only from a photo that carries one, which the int tests' pictures do not:
 * its documented shape is checked here, as the document gives it (docs/api/openapi.md).
 */
type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] } & Record<string, unknown>;

const pictures = z.toJSONSchema(claimQueryDocs['POST /api/v1/uav/claim/settlement/pageImageInfo']!.data!, {
  target: 'draft-2020-12',
  io: 'output',
  unrepresentable: 'any',
}) as Schema;

describe('the picture list document', () => {
  it('gives a GPS fix as latitude and longitude only, or null', () => {
    const gps = pictures.properties!.datas!.items!.properties!.gps!;
    expect(gps.anyOf).toContainEqual({ type: 'null' });
    expect(gps.anyOf).toContainEqual({
      type: 'object',
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
      required: ['latitude', 'longitude'],
      additionalProperties: false,
    });
  });
});
