import { IconSize } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { loadIconPaths } from './iconLoader.ts';

describe('the per-icon loader', () => {
  it('loads one icon’s paths in either size, and nothing for a name it does not know', async () => {
    const small = await loadIconPaths('cross', IconSize.STANDARD);
    const large = await loadIconPaths('cross', IconSize.LARGE);
    expect(small.length).toBeGreaterThan(0);
    expect(large.length).toBeGreaterThan(0);
    expect(small).not.toEqual(large);
    expect(await loadIconPaths('no-such-icon' as never, IconSize.STANDARD)).toEqual([]);
  });
});
