import type { FeedChange, Message } from '@parley/protocol';
import type { CacheState, EventContext, ServerEvent } from './apply-event';
import { applyMessage, applyToThread, noteMessage, pruneMessages, setReactions, upsertThread } from './merge';

/** Messages, thread replies, reactions and thread state; undefined for events of other kinds. */
export function applyMessageEvent(
  state: CacheState,
  event: ServerEvent | FeedChange,
  ctx: EventContext,
): CacheState | undefined {
  switch (event.type) {
    case 'message:created':
    case 'message:updated':
    case 'message:deleted': {
      const { message } = event.payload;
      const next = withMessage(state, message);
      return event.type === 'message:created'
        ? { ...next, channels: noteMessage(state.channels, message, ctx) }
        : next;
    }
    case 'reaction:changed': {
      const { channelId, messageId, reactions } = event.payload;
      const page = state.messages[channelId];
      const listed = page && setReactions(page.messages, messageId, reactions);
      // Pages that do not show the message stay the same objects, so nothing else re-renders.
      const threadPages = mapValues(state.threadPages, (p) => {
        const messages = setReactions(p.messages, messageId, reactions);
        if (p.root.id === messageId) return { ...p, root: { ...p.root, reactions }, messages };
        return messages === p.messages ? p : { ...p, messages };
      });
      return {
        ...state,
        messages: {
          ...state.messages,
          [channelId]: page && listed !== page.messages ? { ...page, messages: listed! } : page,
        },
        threadPages,
      };
    }
    case 'thread:updated': {
      const { thread } = event.payload;
      const page = state.threadPages?.[thread.rootId];
      return {
        ...state,
        threads: upsertThread(state.threads, thread, page?.root),
        threadPages: page
          ? { ...state.threadPages, [thread.rootId]: { ...page, thread } }
          : state.threadPages,
      };
    }
    case 'history:pruned': {
      const { channelId } = event.payload;
      const gone = new Set(event.payload.rootIds);
      const page = state.messages[channelId];
      return {
        ...state,
        messages: page ? { ...state.messages, [channelId]: pruneMessages(page, gone) } : state.messages,
        threadPages: state.threadPages && dropWhere(state.threadPages, (p) => gone.has(p.root.id)),
        threads: state.threads?.filter((e) => !gone.has(e.root.id)),
      };
    }
    default:
      return undefined;
  }
}

/** Undefined, not left out: the cache entry goes. */
function dropWhere<T>(record: Record<string, T | undefined>, drop: (value: T) => boolean) {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v && drop(v) ? undefined : v]));
}

/** A message lands in its channel page (unless a thread-only reply), its thread, and the threads list. */
function withMessage(state: CacheState, message: Message): CacheState {
  const { channelId } = message;
  return {
    ...state,
    messages: { ...state.messages, [channelId]: applyMessage(state.messages[channelId], message) },
    threadPages: mapValues(state.threadPages, (p) => applyToThread(p, message)!),
    threads: state.threads?.map((e) => (e.root.id === message.id ? { ...e, root: message } : e)),
  };
}

function mapValues<T>(
  record: Record<string, T | undefined> | undefined,
  fn: (value: T) => T,
): Record<string, T | undefined> | undefined {
  if (!record) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v && fn(v)]));
}
