import { describe, expect, it } from 'vitest';
import {
  ChannelName,
  CreateChannelBody,
  DisplayName,
  ERROR_MESSAGES,
  ERROR_STATUS,
  ErrorCode,
  HistoryQuery,
  MessageBody,
  Password,
  RegisterBody,
  SendMessageBody,
  Username,
} from './index.js';

describe('Username', () => {
  it('accepts 2-32 chars of a-z 0-9 . _ - and folds case', () => {
    expect(Username.parse('Ann.B_c-1')).toBe('ann.b_c-1');
    for (const bad of ['a', 'x'.repeat(33), 'has space', 'émile', 'semi;colon']) {
      expect(Username.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('DisplayName and Password', () => {
  it('refuses control characters and empty names', () => {
    expect(DisplayName.safeParse('Ann\u0007').success).toBe(false);
    expect(DisplayName.safeParse('   ').success).toBe(false);
    expect(DisplayName.parse(' Ann Lee ')).toBe('Ann Lee');
  });
  it('needs 10-256 characters of password', () => {
    expect(Password.safeParse('123456789').success).toBe(false);
    expect(Password.safeParse('1234567890').success).toBe(true);
    expect(Password.safeParse('x'.repeat(257)).success).toBe(false);
  });
});

describe('channel and message bodies', () => {
  it('validates channel names', () => {
    expect(ChannelName.parse('Random')).toBe('random');
    expect(ChannelName.safeParse('has.dot').success).toBe(false);
    expect(CreateChannelBody.safeParse({ name: 'ok', kind: 'dm' }).success).toBe(false);
  });
  it('trims message bodies and bounds them at 16,000 characters', () => {
    expect(MessageBody.parse('  hi  ')).toBe('hi');
    expect(MessageBody.safeParse('   ').success).toBe(false);
    expect(MessageBody.safeParse('x'.repeat(16_000)).success).toBe(true);
    expect(MessageBody.safeParse('x'.repeat(16_001)).success).toBe(false);
  });
  it('takes either a plain body or an envelope, never both', () => {
    const envelope = { v: 1, keyVersion: 1, nonce: 'n', ciphertext: 'c', tag: 't', signature: 's' };
    expect(SendMessageBody.safeParse({ clientId: 'abcdefgh', body: 'x' }).success).toBe(true);
    expect(SendMessageBody.safeParse({ clientId: 'abcdefgh', encrypted: envelope }).success).toBe(true);
    expect(SendMessageBody.safeParse({ clientId: 'abcdefgh', body: 'x', encrypted: envelope }).success).toBe(
      false,
    );
    expect(SendMessageBody.safeParse({ clientId: 'short', body: 'x' }).success).toBe(false);
  });
  it('rejects unknown fields', () => {
    expect(
      RegisterBody.safeParse({ username: 'ann', displayName: 'A', password: '1234567890', role: 'owner' })
        .success,
    ).toBe(false);
  });
});

describe('HistoryQuery', () => {
  it('defaults to 50, caps at 200 and refuses before with after', () => {
    expect(HistoryQuery.parse({})).toEqual({ limit: 50 });
    expect(HistoryQuery.parse({ after: '7', limit: '10' })).toEqual({ after: 7, limit: 10 });
    expect(HistoryQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(HistoryQuery.safeParse({ before: '1', after: '2' }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('map each code to a 4xx or 5xx status and a human message', () => {
    for (const code of ErrorCode.options) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(5);
    }
  });
});
