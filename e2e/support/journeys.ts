import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;
export const PASSWORD = 'correct horse battery';

/** Registers through the UI in a fresh browser context and lands in #general. */
export async function registerInNewContext(
  browser: Browser,
  username: string,
  baseURL?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await register(page, username);
  return { context, page };
}

export async function register(page: Page, username: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill(username[0]!.toUpperCase() + username.slice(1));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(composer(page, 'general')).toBeVisible();
}

/** Signs in through the sign-in page and waits until the app is live. */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitLive(page);
}

export const composer = (page: Page, channel: string) =>
  page.getByRole('textbox', { name: `Message #${channel}` });

export const messages = (page: Page) => page.getByTestId('message');

/** The sidebar, so its links are not confused with a `#channel` link inside a message. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Channels and direct messages' });

export async function send(page: Page, channel: string, text: string): Promise<void> {
  const box = composer(page, channel);
  await box.fill(text);
  await box.press('Enter');
}

export const connectionState = (page: Page) => page.locator('[data-connection-state]').first();

export async function waitLive(page: Page): Promise<void> {
  await expect(connectionState(page)).toHaveAttribute('data-connection-state', 'live');
}

/** Creates a public channel as the context's user and posts `count` lines through the API: `${prefix} line ${i}`. */
export async function seedChannel(
  request: APIRequestContext,
  context: BrowserContext,
  prefix: string,
  count: number,
): Promise<string> {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-parley-csrf': '1' };
  const name = uniqueName(prefix);
  const created = await request.post('/api/v1/channels', { headers, data: { name, kind: 'public' } });
  const channelId = (await created.json()).channel.id;
  for (let i = 1; i <= count; i++) {
    await request.post(`/api/v1/channels/${channelId}/messages`, {
      headers,
      data: { clientId: `${name}-${i}`, body: `${prefix} line ${i}` },
    });
  }
  return name;
}
