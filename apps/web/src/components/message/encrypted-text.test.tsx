import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol';
import { EncryptedText } from './encrypted-text';

vi.mock('../../crypto/use-decrypted', () => ({
  useDecrypted: () => ({ ok: true, text: 'notes in [the wiki](https://example.com/wiki)', files: [] }),
}));

vi.mock('../../lib/config', () => ({ getConfig: () => ({ apiBase: '/api/v1' }) }));

const message = {
  id: 'm1',
  channelId: 'c1',
  editedAt: '2026-11-27T08:00:00.000Z',
  deletedAt: null,
} as unknown as Message;
const noop = () => {};

describe('EncryptedText', () => {
  it('regression: inside a Saved card link it shows the text alone, with no link or button nested', () => {
    const { container } = render(
      <a href="/c/secret/m/m1">
        <EncryptedText
          message={message}
          authorName="Ada"
          editing={false}
          onSave={noop}
          onCancel={noop}
          inLink
        />
      </a>,
    );
    expect(container.textContent).toContain('notes in the wiki');
    expect(container.querySelectorAll('a a, a button')).toHaveLength(0);
  });

  it('in the channel it keeps the link and the "(edited)" mark', () => {
    const { container } = render(
      <EncryptedText message={message} authorName="Ada" editing={false} onSave={noop} onCancel={noop} />,
    );
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/wiki');
    expect(container.textContent).toContain('edited');
  });
});
