import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  FIRST_SCREEN_GETS,
  type BootData,
  type ChannelsResponse,
  type MessagesResponse,
} from '@parley/protocol';
import { REQUEST_ID_HEADER } from '../observability/request-log.js';

type FirstScreen = Pick<BootData, 'answers' | 'history'>;

/** The channel name a chat address shows (`/c/:name`, with a thread or message after it), if any. */
export function channelNameOf(url: string): string | undefined {
  const match = /^\/c\/([^/?#]+)/.exec(url);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * Answers the chat screen's first GETs for the page's own session, through the same routes (and
 * checks) as the browser's requests would, so the screen waits on no round trip before it shows.
 */
export async function firstScreen(app: FastifyInstance, req: FastifyRequest): Promise<FirstScreen> {
  const get = async <T>(path: string): Promise<T | undefined> => {
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}${path}`,
      headers: {
        cookie: req.headers.cookie ?? '',
        host: req.headers.host ?? 'localhost',
        // Logged under the page's own request id, so the log shows what the page answered.
        [REQUEST_ID_HEADER]: req.id,
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
      remoteAddress: req.ip,
    });
    // Anything but a plain answer is left to the browser to ask for and handle.
    return res.statusCode === 200 ? (res.json() as T) : undefined;
  };
  const answered = await Promise.all(FIRST_SCREEN_GETS.map(async (path) => [path, await get(path)] as const));
  const answers = Object.fromEntries(answered.filter(([, answer]) => answer !== undefined));
  const name = channelNameOf(req.url);
  const channel = (answers['/channels'] as ChannelsResponse | undefined)?.channels.find(
    (c) => c.name === name && (c.kind === 'public' || c.kind === 'private'),
  );
  const page = channel && (await get<MessagesResponse>(`/channels/${channel.id}/messages?limit=50`));
  return { answers, ...(channel && page ? { history: { channelId: channel.id, page } } : {}) };
}
