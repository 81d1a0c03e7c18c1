import type {
  Channel,
  Draft,
  FeedChange,
  Member,
  Presence,
  ServerToClientEvents,
  User,
} from '@parley/protocol';
import { applyChannelEvent } from './apply-channel-events';
import { applyDraftEvent } from './apply-draft-events';
import { applyMessageEvent } from './apply-message-events';
import type { MessagePage, ThreadEntry, ThreadPage } from './merge';

type EventName = keyof ServerToClientEvents;
export type ServerEvent = {
  [K in EventName]: { type: K; payload: Parameters<ServerToClientEvents[K]>[0] };
}[EventName];

/** The slices of the query cache an event can touch; undefined means not loaded. */
export type CacheState = {
  channels?: Channel[];
  messages: Record<string, MessagePage | undefined>;
  members: Record<string, Member[] | undefined>;
  /** Loaded thread pages by root id. */
  threadPages?: Record<string, ThreadPage | undefined>;
  threads?: ThreadEntry[];
  presence?: Record<string, Presence>;
  users?: User[];
  session?: User | null;
  drafts?: Draft[];
};

/** Who is reading: their id, their username and their groups' handles (for mentions), and whether the event's channel is open. */
export type EventContext = { selfId: string; selfName?: string; selfGroups?: string[]; reading: boolean };

/** Applies one server event or sync change to cache state; idempotent, so a replayed one changes nothing. */
export function applyEvent(
  state: CacheState,
  event: ServerEvent | FeedChange,
  ctx: EventContext,
): CacheState {
  const drafted = applyDraftEvent(state, event) ?? state;
  return applyMessageEvent(drafted, event, ctx) ?? applyChannelEvent(drafted, event) ?? drafted;
}

/** The channel an event is about, for reading the right cache slices. */
export function channelOf(event: ServerEvent | FeedChange): string | undefined {
  return 'channelId' in event.payload ? event.payload.channelId : undefined;
}
