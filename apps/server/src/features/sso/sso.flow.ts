import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from '@parley/protocol';

const FLOW_COOKIE = 'parley_sso';
const FLOW_PATH = `${API_PREFIX}/auth/sso`;
const FLOW_S = 600;

/** One sign-in under way, kept signed in the browser between leaving for the provider and coming back. */
const Flow = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  next: z.string(),
  invite: z.string().optional(),
  /** Set when a signed-in person connects their account: who they were. */
  linkUserId: z.string().optional(),
  startedAt: z.number(),
});
export type Flow = z.infer<typeof Flow>;

export function setFlow(reply: FastifyReply, req: FastifyRequest, flow: Flow): void {
  reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
    path: FLOW_PATH,
    httpOnly: true,
    // Lax is sent on the provider's redirect back, a top-level GET.
    sameSite: 'lax',
    secure: req.protocol === 'https',
    signed: true,
    maxAge: FLOW_S,
  });
}

/** The flow this browser started, unless it is missing, forged or older than ten minutes. */
export function takeFlow(req: FastifyRequest, reply: FastifyReply): Flow | undefined {
  const raw = req.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
  if (!raw) return undefined;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  let parsed;
  try {
    parsed = Flow.safeParse(JSON.parse(unsigned.value));
  } catch {
    return undefined;
  }
  if (!parsed.success || Date.now() - parsed.data.startedAt > FLOW_S * 1000) return undefined;
  return parsed.data;
}
