import { expect, test } from '@playwright/test';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { failOnCspViolations, shot } from './helpers.ts';

/**
 * The landing pages (docs/api/ordering.md): the seven supported insurers shown by logo, each named for
 * assistive technology; and the mobile site can be zoomed (pinch to 200 %) without breaking.
 */

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, home: '/index/index' },
  { name: 'mobile', viewport: { width: 375, height: 812 }, home: '/touch/index' },
] as const;

for (const size of sizes) {
  test.describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('the seven insurers appear by logo, each named, under the kind of cover they carry', async ({ page }) => {
      await failOnCspViolations(page);
      await page.goto(size.home);
      const group = page.getByRole('region', { name: '机身险与责任险承保公司' });
      await group.scrollIntoViewIfNeeded();
      await expect(group).toBeVisible();
      const logos = group.getByRole('img');
      await expect(logos).toHaveCount(7);
      expect(visibleInsurers).toHaveLength(7);
      for (const insurer of visibleInsurers) {
        const logo = group.getByRole('img', { name: insurer.name, exact: true });
        await expect(logo).toBeVisible();
        // The logo file itself arrived (a broken image would still carry its alt text).
        await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      // No insurer is named in words on the page: only their logos (and alt texts) show them.
      await expect(page.getByText(visibleInsurers[0]!.name, { exact: true })).toHaveCount(0);
      await shot(page, `landing-${size.name}-insurers`);
    });
  });
}

test.describe('mobile zoom', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the viewport lets people zoom, and pages stay whole at 200 %', async ({ page, context }) => {
    await failOnCspViolations(page);
    await page.goto('/touch/index');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).toBe('width=device-width, initial-scale=1');
    // A pinch to 200 %: the browser honours it only when the page's viewport allows zooming.
    const cdp = await context.newCDPSession(page);
    for (const path of ['/touch/index', '/touch/guide', '/touch/user/login']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
      await expect.poll(() => page.evaluate(() => window.visualViewport?.scale)).toBe(2);
      // Zooming shows a part of the same page: its layout does not change, nothing spills sideways.
      const widths = await page.evaluate(() => ({
        layout: document.documentElement.clientWidth,
        content: document.documentElement.scrollWidth,
      }));
      expect(widths.layout).toBe(375);
      expect(widths.content).toBeLessThanOrEqual(widths.layout);
      await shot(page, `zoom-200-${path.split('/').pop()}`);
      await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
    }
  });
});
