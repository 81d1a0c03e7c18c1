import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageBody } from './markdown';

vi.mock('../emoji/shortcodes', async (original) =>
  (await import('../emoji/test-emoji-index')).withLoadedShortcodes(await original<object>()),
);

const bare = (text: string | null) => text?.replace(/\uFE0F/g, '');

// A bot or an old message posts `:rocket:` as text: it showed as text, where Slack draws the emoji.
describe('standard shortcodes in a message', () => {
  it('draws them as emoji once the data is in, leaving times and code as they are', async () => {
    const { container } = render(<MessageBody text="deployed :rocket: at 10:30:00, `:tada:` stays" />);
    await waitFor(() => expect(bare(container.textContent)).toContain('🚀'));
    expect(bare(container.textContent)).toBe('deployed 🚀 at 10:30:00, :tada: stays');
    expect(container.querySelector('code')?.textContent).toBe(':tada:');
  });

  it('shows a message of shortcodes alone as large emoji, and keeps unknown ones as text', async () => {
    const { container } = render(<MessageBody text=":tada: :+1:" />);
    await waitFor(() => expect(container.querySelector('.md-jumbo')).not.toBeNull());
    expect(bare(container.textContent)).toBe('🎉 👍');
    const other = render(<MessageBody text="an :nosuchemoji: here" />).container;
    expect(other.textContent).toBe('an :nosuchemoji: here');
  });
});
