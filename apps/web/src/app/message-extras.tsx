import type { MessageExtras } from '../components/message/message-extras';
import type { Message } from '@parley/protocol';
import { LinkPreviews } from '../features/link-previews/link-previews';
import { CopyLinkButton } from '../features/messages/copy-link-button';
import { ForwardButton } from '../features/messages/forward-button';
import { MarkUnreadButton } from '../features/messages/mark-unread';
import { PinButton, PinnedMark, SaveButton } from '../features/pins/pin-actions';
import { RemindButton } from '../features/pins/remind-button';
import { useUserMap } from '../realtime/use-users';
import { AddReactionButton } from '../features/reactions/add-reaction-button';
import { ReactionBar } from '../features/reactions/reaction-bar';
import { ReplyInThreadButton, ThreadMark, ThreadSummary } from '../features/threads/thread-summary';

/** Reactions and threads on every message row, in the channel and in the thread panel alike. */
export const messageExtras: MessageExtras = {
  mark: (message, { inThread }) => (
    <>
      {message.pinnedAt && !message.deletedAt && <Pinned message={message} />}
      <ThreadMark message={message} inThread={inThread} />
    </>
  ),
  below: (message, { inThread, preview }) => (
    <>
      {!message.deletedAt && <LinkPreviews message={message} />}
      {!message.deletedAt && <ReactionBar message={message} preview={preview} />}
      {!inThread && <ThreadSummary message={message} />}
    </>
  ),
  actions: (message, { inThread }) => (
    <>
      <AddReactionButton message={message} variant="action" />
      {!inThread && <ReplyInThreadButton message={message} />}
      <ForwardButton message={message} />
      <SaveButton message={message} />
      <RemindButton message={message} />
      {!inThread && <PinButton message={message} />}
      {!inThread && <MarkUnreadButton message={message} />}
      <CopyLinkButton message={message} />
    </>
  ),
};

function Pinned({ message }: { message: Message }) {
  const users = useUserMap();
  return <PinnedMark message={message} pinnerName={users.get(message.pinnedBy ?? '')?.displayName} />;
}
