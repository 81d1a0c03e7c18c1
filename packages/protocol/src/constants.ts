export const VERSION = '1.13.0';
export const CIPHER_ALGORITHM = 'aes-256-ctr';
export const API_PREFIX = '/api/v1';
export const CSRF_HEADER = 'x-parley-csrf';

/** A username's characters, as the Username schema takes them once trimmed and lower-cased. */
export const USERNAME_CHARS = /^[a-z0-9._-]+$/;

/** Control characters, which no name may hold. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export const LIMITS = {
  usernameMin: 2,
  usernameMax: 32,
  displayNameMax: 64,
  passwordMin: 10,
  passwordMax: 256,
  channelNameMax: 64,
  topicMax: 250,
  bodyMax: 16_000,
  historyPage: 50,
  historyPageMax: 200,
  loginFailures: 10,
  loginWindowMs: 15 * 60 * 1000,
  socketMaxBytes: 1_000_000,
  attachmentsPerMessage: 10,
  reactionsPerMessage: 50,
  /** Links previewed per message, the first ones in its text. */
  previewsPerMessage: 3,
  replyAvatars: 3,
  syncPage: 1_000,
  threadsPage: 50,
  /** People in a group DM, its starter included. */
  groupDmMax: 8,
  pinsPerChannel: 100,
  /** User ids in one request that sets a user group's members. */
  groupMembersPerRequest: 1_000,
  groupDescriptionMax: 250,
  emojiNameMax: 32,
  /** A custom emoji's picture, in bytes. */
  emojiImageMax: 256 * 1024,
  /** A profile photo as uploaded, in bytes; it is stored as a 256-pixel square. */
  avatarImageMax: 5 * 1024 * 1024,
} as const;
