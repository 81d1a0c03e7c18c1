import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry, Message, Reaction } from '@parley/protocol';
import type { FeedPlace } from '../features/feed/feed-place.js';

/** `reactions` and `feed`: the message's reactions after a one-statement change, and where the change went. */
type ReactionSet = {
  channelId: string;
  messageId: string;
  userId: string;
  emoji: string;
  reactions?: Reaction[];
  feed?: FeedPlace;
};

/** What happened, said once by the service that did it, after its transaction committed. */
export interface DomainEvents {
  /** `feed`: where a send that was its own transaction put its changes, when that could be told. */
  'message.created': { message: Message; feed?: FeedPlace };
  'message.edited': { message: Message };
  /** Link previews added to a message, or removed by its author: not an edit. */
  'message.previewed': { message: Message };
  'message.deleted': { message: Message };
  'reaction.added': ReactionSet;
  'reaction.removed': ReactionSet;
  'thread.changed': { channelId: string; rootId: string; userId: string };
  'channel.updated': { channelId: string };
  'member.joined': { channelId: string; userId: string };
  'member.left': { channelId: string; userId: string; reason: 'left' | 'removed' };
  'read.updated': { channelId: string; userId: string; seq: number };
  'user.updated': { userId: string };
  'keys.changed': { channelId: string };
  'saved.changed': { userId: string; messageId: string };
  'reminders.due': { count: number };
  'scheduled.changed': { userId: string };
  'emoji.changed': { name: string };
  'draft.changed': { channelId: string; userId: string; threadRootId: string | null };
  'group.changed': { groupId: string };
  /** Retention deleted history last active before `before` in these channels. */
  'history.pruned': { channelIds: string[]; before: Date; messages: number };
  /** A sign-in or a change to an account, its access or the settings: the security log records it. */
  'account.changed': Pick<AuditEntry, 'action' | 'actorId' | 'targetId'> &
    Partial<Pick<AuditEntry, 'detail' | 'address'>>;
}
export type DomainEventName = keyof DomainEvents;
type Handler<K extends DomainEventName> = (event: DomainEvents[K]) => void;
type AnyHandler = (name: DomainEventName, event: DomainEvents[DomainEventName]) => void;

/** One in-process bus: services publish, subscribers (the feed's delivery, later notifications, search) react. */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Handler<never>[]>();
  private readonly anyHandlers: AnyHandler[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  onAny(handler: AnyHandler): void {
    this.anyHandlers.push(handler);
  }

  /** A subscriber's failure is logged, never the publisher's problem: the change is already committed. */
  publish<K extends DomainEventName>(name: K, event: DomainEvents[K]): void {
    for (const handler of this.handlers.get(name) ?? [])
      this.safely(name, () => (handler as Handler<K>)(event));
    for (const handler of this.anyHandlers) this.safely(name, () => handler(name, event));
  }

  private safely(name: DomainEventName, run: () => void): void {
    try {
      run();
    } catch (err) {
      this.log?.error({ err, event: name }, 'domain event subscriber failed');
    }
  }
}
