import type { Draft, FeedChange } from '@parley/protocol';
import type { CacheState, ServerEvent } from './apply-event';

const samePlace = (d: Draft, channelId: string, threadRootId: string | null) =>
  d.channelId === channelId && d.threadRootId === threadRootId;

/** The user's drafts, newest first: a saved one moves to the top, a sent or cleared one goes. */
export function applyDraftEvent(state: CacheState, event: ServerEvent | FeedChange): CacheState | undefined {
  if (event.type === 'channel:removed') {
    const { channelId } = event.payload;
    if (!state.drafts?.some((d) => d.channelId === channelId)) return undefined;
    return { ...state, drafts: state.drafts.filter((d) => d.channelId !== channelId) };
  }
  if (event.type !== 'draft:updated') return undefined;
  // Not loaded yet: the first load brings it.
  if (!state.drafts) return state;
  const { channelId, threadRootId, draft } = event.payload;
  const others = state.drafts.filter((d) => !samePlace(d, channelId, threadRootId));
  return { ...state, drafts: draft ? [draft, ...others] : others };
}
