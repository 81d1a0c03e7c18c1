import { expect, test } from '@playwright/test';

test('the page names a web app manifest whose icons load, so a browser offers to install Parley', async ({
  page,
}) => {
  const manifestErrors: string[] = [];
  page.on(
    'console',
    (m) => m.type() === 'error' && /manifest/i.test(m.text()) && manifestErrors.push(m.text()),
  );
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Parley', start_url: '/', display: 'standalone' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const got = await page.request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type'], icon.src).toContain(icon.type);
  }
  // Chromium reads the manifest itself: a blocked or malformed one shows as a console error.
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(manifestErrors).toEqual([]);
});
