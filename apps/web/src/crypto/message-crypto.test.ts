// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  exportPublicKeys,
  generateChannelKey,
  generateUserKeyPairs,
  wrapChannelKey,
  type UserKeyPairs,
} from '@parley/crypto';
import type { ChannelKey, Message, PublicKeys } from '@parley/protocol';
import { api } from '../lib/api';
import { maintainKeys } from './channel-keys';
import { decryptText, encryptText } from './message-crypto';
import { peerKeys } from './user-keys';
import { lockThisBrowser, openVault, setUpEncryption, unlockedPairs, unlockWithPassphrase } from './vault';
import { markVerified } from './verification';

vi.mock('../lib/api', () => ({
  api: vi.fn(),
  ApiError: class extends Error {},
  describeError: (err: unknown) => String(err),
}));

// A fake server: just the key endpoints these functions call.
const publicKeys = new Map<string, PublicKeys>();
let own: unknown = null;
let wraps: ChannelKey[] = [];
let status: unknown;
const posted: { version: number; wraps: { userId: string }[] }[] = [];
vi.mocked(api).mockImplementation(async (method: string, path: string, body?: unknown) => {
  if (path === '/keys/me') {
    if (method === 'PUT') {
      const b = body as { publicKeys: PublicKeys };
      own = { ...b, userId: 'me', updatedAt: '' };
      publicKeys.set('me', b.publicKeys);
    }
    return { keys: own };
  }
  if (path.startsWith('/keys?userIds=')) {
    const ids = path.split('=')[1]!.split(',');
    return {
      keys: ids
        .filter((id) => publicKeys.has(id))
        .map((id) => ({ userId: id, publicKeys: publicKeys.get(id) })),
    };
  }
  if (path === '/channels/c1/keys' && method === 'GET')
    return { keyVersion: 1, rotationNeeded: false, keys: wraps };
  if (path === '/channels/c1/keys/status') return { status };
  if (path === '/channels/c1/keys') return posted.push(body as (typeof posted)[number]);
  throw new Error(`unexpected ${method} ${path}`);
});

const message = (extra: Partial<Message>): Message => ({
  id: 'm1',
  channelId: 'c1',
  seq: 1,
  authorId: 'me',
  clientId: 'x',
  body: null,
  encrypted: null,
  threadRootId: null,
  createdAt: '',
  editedAt: null,
  deletedAt: null,
  alsoInChannel: false,
  replyCount: 0,
  lastReplyAt: null,
  replyUserIds: [],
  reactions: [],
  files: [],
  pinnedAt: null,
  pinnedBy: null,
  system: null,
  ...extra,
});

describe('encrypted messages in the browser', () => {
  let bob: UserKeyPairs;
  beforeAll(async () => {
    await openVault('me');
    await setUpEncryption('a long passphrase');
    const me = unlockedPairs()!;
    const secret = generateChannelKey();
    const wrapped = await wrapChannelKey({
      channelKey: secret,
      keyVersion: 1,
      context: 'c1',
      recipient: me.ecdh.publicKey,
      signer: me.ecdsa.privateKey,
    });
    wraps = [{ version: 1, wrapped, wrappedBy: 'me' }];
    bob = await generateUserKeyPairs();
    publicKeys.set('bob', await exportPublicKeys(bob));
  });

  it('seals and signs a message that opens again to the same text', async () => {
    const encrypted = await encryptText('c1', 'me', 'hello *there*');
    expect(JSON.stringify(encrypted)).not.toContain('hello');
    expect(await decryptText(message({ encrypted }), 'Me')).toEqual({
      ok: true,
      text: 'hello *there*',
      files: [],
    });
  });

  it("carries files' keys and names inside the signed envelope, never beside it", async () => {
    const file = {
      id: 'f1',
      key: 'K'.repeat(43),
      name: 'salaries.xlsx',
      type: 'application/vnd.ms-excel',
      size: 1234,
      sha256: 'ab'.repeat(32),
      width: 10,
      height: 20,
      thumb: { id: 't1', key: 'T'.repeat(43), type: 'image/jpeg' },
    };
    const encrypted = await encryptText('c1', 'me', 'numbers', [file]);
    expect(JSON.stringify(encrypted)).not.toMatch(/salaries|KKKK/);
    expect(await decryptText(message({ encrypted }), 'Me')).toEqual({
      ok: true,
      text: 'numbers',
      files: [file],
    });
  });

  it('pads before sealing, so a short and a longer message reach the server the same size', async () => {
    const short = await encryptText('c1', 'me', 'ok');
    const longer = await encryptText('c1', 'me', 'a longer message that still fits the first bucket');
    expect(short.ciphertext.length).toBe(longer.ciphertext.length);
    expect(await decryptText(message({ encrypted: longer }), 'Me')).toEqual({
      ok: true,
      text: 'a longer message that still fits the first bucket',
      files: [],
    });
  });

  it('says a tampered message was altered instead of showing it', async () => {
    const encrypted = await encryptText('c1', 'me', 'pay Bob 10');
    const flipped = encrypted.ciphertext[0] === 'A' ? 'B' : 'A';
    const result = await decryptText(
      message({ encrypted: { ...encrypted, ciphertext: flipped + encrypted.ciphertext.slice(1) } }),
      'Me',
    );
    expect(result).toMatchObject({ ok: false, state: 'failed', reason: expect.stringMatching(/altered/) });
  });

  it('says whose signature does not match when another member claims the message', async () => {
    const encrypted = await encryptText('c1', 'me', 'signed by me');
    const result = await decryptText(message({ encrypted, authorId: 'bob' }), 'Bob');
    expect(result).toMatchObject({ ok: false, reason: 'Its signature does not match Bob’s key.' });
  });

  it('names the key version it lacks', async () => {
    const encrypted = await encryptText('c1', 'me', 'later');
    const result = await decryptText(message({ encrypted: { ...encrypted, keyVersion: 2 } }), 'Me');
    expect(result).toMatchObject({ ok: false, state: 'missing-key', reason: expect.stringMatching(/key 2/) });
  });

  it('wraps held versions for waiting members, but never for a verified member whose key changed', async () => {
    publicKeys.set('dave', await exportPublicKeys(await generateUserKeyPairs()));
    markVerified('dave', 'AAAA BBBB');
    status = {
      keyVersion: 1,
      rotationNeeded: false,
      members: [
        { userId: 'me', hasKeys: true, versions: [1] },
        { userId: 'bob', hasKeys: true, versions: [] },
        { userId: 'dave', hasKeys: true, versions: [] },
        { userId: 'erin', hasKeys: false, versions: [] },
      ],
    };
    await maintainKeys('c1', 'me');
    expect(posted).toEqual([{ version: 1, wraps: [{ userId: 'bob', wrapped: expect.any(String) }] }]);
    expect((await peerKeys(['erin'])).get('erin')).toBeNull();
  });

  it('shows nothing readable once this browser is locked, and unlocks again with the passphrase', async () => {
    const encrypted = await encryptText('c1', 'me', 'after lock');
    await lockThisBrowser();
    expect(await decryptText(message({ encrypted }), 'Me')).toMatchObject({ ok: false, state: 'locked' });
    await expect(unlockWithPassphrase('wrong one', false)).rejects.toThrow('Wrong passphrase.');
    await unlockWithPassphrase('a long passphrase', false);
    expect(await decryptText(message({ encrypted }), 'Me')).toEqual({
      ok: true,
      text: 'after lock',
      files: [],
    });
  });
});
