import type { MessageExtras } from '../components/message/message-extras';
import { CopyLinkButton } from '../features/messages/copy-link-button';
import { AddReactionButton } from '../features/reactions/add-reaction-button';
import { ReactionBar } from '../features/reactions/reaction-bar';
import { ReplyInThreadButton, ThreadMark, ThreadSummary } from '../features/threads/thread-summary';

/** Reactions and threads on every message row, in the channel and in the thread panel alike. */
export const messageExtras: MessageExtras = {
  mark: (message, { inThread }) => <ThreadMark message={message} inThread={inThread} />,
  below: (message, { inThread, preview }) => (
    <>
      {!message.deletedAt && <ReactionBar message={message} preview={preview} />}
      {!inThread && <ThreadSummary message={message} />}
    </>
  ),
  actions: (message, { inThread }) => (
    <>
      <AddReactionButton message={message} variant="action" />
      {!inThread && <ReplyInThreadButton message={message} />}
      <CopyLinkButton message={message} />
    </>
  ),
};
