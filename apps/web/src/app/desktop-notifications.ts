import type { QueryClient } from '@tanstack/react-query';
import type { Channel, Message, ReminderDue, User, UserGroup } from '@parley/protocol';
import { decryptText } from '../crypto/message-crypto';
import { api, describeError } from '../lib/api';
import { avatarUrl } from '../lib/avatar-url';
import { laterTime } from '../lib/later-choices';
import { pausedUntil, senderName } from '../lib/names';
import { createStore } from '../lib/store';
import { ownGroupHandles } from '../realtime/apply-group-events';
import { keys } from '../realtime/keys';
import type { ThreadEntry } from '../realtime/merge';
import { isReading } from '../realtime/reading';
import { notify, type NoticeAction } from '../realtime/notices';
import { mentionLookup, type MentionLookup } from '../components/mention/mention-context';
import { namedMentions } from '../components/mention/mention-text';
import { messagePath } from '../lib/message-path';
import { excerpt } from '../features/threads/root-excerpt';
import { notificationTitle, shouldNotify } from './notify-rules';

const DISMISSED_KEY = 'parley.notifications.dismissed';
const BODY_MAX = 160;

/** Asked only after something worth a notification arrived, never on first load; "Not now" is remembered. */
export const notificationPrompt = createStore(false);

let leader = false;
/** One tab per browser notifies: the one holding the lock, until it closes and the next takes it. */
function claimLeadership(): void {
  if (!('locks' in navigator)) return void (leader = true);
  void navigator.locks.request('parley-notifier', () => {
    leader = true;
    return new Promise<never>(() => {});
  });
}

export function dismissNotificationPrompt(): void {
  localStorage.setItem(DISMISSED_KEY, '1');
  notificationPrompt.set(false);
}

export async function enableNotifications(): Promise<void> {
  notificationPrompt.set(false);
  await Notification.requestPermission();
}

/** A message as a notification shows it: people by name, markdown marks dropped, one short paragraph. */
export function notificationBody(text: string, lookup: MentionLookup): string {
  return excerpt(namedMentions(text, lookup), BODY_MAX);
}

/** Called for each live message: decides, then shows it from this tab if it leads. */
export function startDesktopNotifications(qc: QueryClient, self: () => User, open: (path: string) => void) {
  if (!('Notification' in window)) return () => {};
  claimLeadership();
  return async (message: Message) => {
    const me = self();
    const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === message.channelId);
    if (!channel) return;
    const users = qc.getQueryData<User[]>(keys.users);
    const groups = qc.getQueryData<UserGroup[]>(keys.groups);
    const sender = message.via ? undefined : users?.find((u) => u.id === message.authorId);
    const author = senderName(message, sender);
    const plain = await decryptText(message, author);
    const text = plain.ok ? plain.text : 'Encrypted message';
    const threads = qc.getQueryData<ThreadEntry[]>(keys.threads);
    const wanted = shouldNotify(message, text, channel, {
      selfId: me.id,
      selfName: me.username,
      selfGroups: ownGroupHandles(groups, me.id),
      watchingChannelId: isReading(channel.id) ? channel.id : undefined,
      following: (rootId) => !!threads?.some((t) => t.thread.rootId === rootId && t.thread.following),
    });
    if (!wanted || pausedUntil(me)) return;
    if (Notification.permission === 'default') {
      if (!localStorage.getItem(DISMISSED_KEY)) notificationPrompt.set(true);
      return;
    }
    if (Notification.permission !== 'granted' || !leader) return;
    const shown = new Notification(notificationTitle(author, channel), {
      body: notificationBody(text, mentionLookup(users, groups, me)),
      tag: message.id,
      icon: notificationIcon(sender),
    });
    shown.onclick = () => {
      window.focus();
      open(messagePath(channel, me, message));
      shown.close();
    };
  };
}

/** A reminder gone off: said in every tab with a way to the message, and on the desktop from the leading tab. */
export function startReminderAlerts(qc: QueryClient, self: () => User, open: (path: string) => void) {
  return async ({ channelId, messageId, message }: ReminderDue) => {
    const me = self();
    const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === channelId);
    const users = qc.getQueryData<User[]>(keys.users);
    const sender = message ? users?.find((u) => u.id === message.authorId) : undefined;
    const author = message ? senderName(message, sender) : 'Someone';
    const plain = message && (await decryptText(message, author));
    const text = plain ? (plain.ok ? plain.text : 'Encrypted message') : '';
    const path = message && channel ? messagePath(channel, me, message) : undefined;
    const body = path
      ? `${notificationTitle(author, channel!)}: ${excerpt(text, 80)}`
      : 'A message you can no longer see';
    notify(
      `Reminder: ${body}`,
      30_000,
      path ? [{ label: 'View', run: () => open(path) }, snooze(messageId)] : [],
    );
    if (!('Notification' in window) || Notification.permission !== 'granted' || !leader) return;
    const shown = new Notification('Reminder', {
      body,
      tag: `reminder:${messageId}`,
      icon: notificationIcon(sender),
    });
    shown.onclick = () => {
      window.focus();
      if (path) open(path);
      shown.close();
    };
  };
}

const SNOOZE_MS = 20 * 60_000;

/** "Remind me again in 20 minutes", from a reminder's notice. */
function snooze(messageId: string): NoticeAction {
  return {
    label: 'Snooze 20 minutes',
    run: () => {
      const at = new Date(Date.now() + SNOOZE_MS);
      api('PUT', `/messages/${messageId}/reminder`, { at: at.toISOString() }).then(
        () => notify(`I will remind you again ${laterTime(at, new Date())}.`),
        (err: unknown) => notify(`Could not snooze the reminder: ${describeError(err)}`),
      );
    },
  };
}

/** The sender's photo, as Slack shows it; Parley's mark when they have none. */
export const notificationIcon = (sender: User | undefined) =>
  sender?.avatarId ? avatarUrl(sender.avatarId) : '/favicon.svg';
