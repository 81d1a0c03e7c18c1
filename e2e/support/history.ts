import type { APIRequestContext, BrowserContext } from '@playwright/test';

/** The API as a signed-in browser context's user, for making long histories quickly. */
export async function apiAs(request: APIRequestContext, context: BrowserContext) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-parley-csrf': '1' };
  const post = async (path: string, data: unknown = {}) => {
    const res = await request.post(`/api/v1${path}`, { headers, data });
    if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const get = async (path: string) => (await request.get(`/api/v1${path}`, { headers })).json();
  return {
    post,
    get,
    /** Posts `${prefix} line ${i}` for i in from..to, in order; answers the messages. */
    async postLines(channelId: string, prefix: string, from: number, to: number) {
      const sent: { id: string; seq: number }[] = [];
      for (let i = from; i <= to; i++) {
        const tag = `${prefix}-${i}-${Date.now().toString(36)}`;
        sent.push(
          (await post(`/channels/${channelId}/messages`, { clientId: tag, body: `${prefix} line ${i}` }))
            .message,
        );
      }
      return sent;
    },
  };
}
