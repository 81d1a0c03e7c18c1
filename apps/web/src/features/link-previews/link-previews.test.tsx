import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview, Message } from '@parley/protocol';
import { getConfig, loadConfig } from '../../lib/config';
import { keys } from '../../realtime/keys';
import { notices } from '../../realtime/notices';
import { LinkPreviews } from './link-previews';

const ME = '00000000-0000-4000-8000-000000000001';
const ANN = '00000000-0000-4000-8000-000000000002';

const preview: LinkPreview = {
  url: 'https://example.com/post',
  title: 'A post worth reading',
  description: 'What the post is about.',
  siteName: 'Example',
  imageUrl: '/previews/image?u=abc&s=def',
  iconUrl: '/previews/image?u=ico&s=sig',
};

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    authorId: ANN,
    encrypted: null,
    deletedAt: null,
    previews: [preview],
    ...overrides,
  } as Message;
}

function setup(m: Message) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  qc.setQueryData(keys.session, { id: ME, username: 'me', displayName: 'Me' });
  return render(
    <QueryClientProvider client={qc}>
      <LinkPreviews message={m} />
    </QueryClientProvider>,
  );
}

type Call = { url: string; method: string | undefined };

describe('LinkPreviews', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });
  beforeEach(() => notices.set([]));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the site, the title as a link that opens apart, the description and the picture', () => {
    setup(message());
    expect(screen.getByRole('list', { name: 'Link previews' })).toBeTruthy();
    expect(screen.getByText('Example')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'A post worth reading' });
    expect(link.getAttribute('href')).toBe('https://example.com/post');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByText('What the post is about.')).toBeTruthy();
    const img = document.querySelector('img.link-preview-image')!;
    expect(img.getAttribute('src')).toBe(`${getConfig().apiBase}/previews/image?u=abc&s=def`);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows the site icon before the site name, through the server', () => {
    setup(message());
    const site = screen.getByText('Example').parentElement!;
    const icon = site.firstElementChild!;
    expect(icon.matches('img.link-preview-icon')).toBe(true);
    expect(icon.getAttribute('src')).toBe(`${getConfig().apiBase}/previews/image?u=ico&s=sig`);
    expect(icon.getAttribute('alt')).toBe('');
    expect(icon.getAttribute('width')).toBe('16');
    expect(icon.getAttribute('loading')).toBe('lazy');
    expect(icon.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('hides an icon that fails to load, keeping the site name and the picture', () => {
    setup(message());
    fireEvent.error(document.querySelector('img.link-preview-icon')!);
    expect(document.querySelector('img.link-preview-icon')).toBeNull();
    expect(screen.getByText('Example')).toBeTruthy();
    expect(document.querySelector('img.link-preview-image')).not.toBeNull();
  });

  it('shows no picture, icon, site or description when the page had none', () => {
    const { iconUrl: _none, ...bare } = preview;
    setup(message({ previews: [{ ...bare, imageUrl: null, siteName: null, description: null }] }));
    expect(screen.getByRole('link', { name: 'A post worth reading' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByText('Example')).toBeNull();
  });

  it('shows nothing for a message without previews, a deleted one or an encrypted one', () => {
    for (const m of [
      message({ previews: undefined }),
      message({ previews: [] }),
      message({ deletedAt: '2024-01-01T00:00:00.000Z' }),
      message({ encrypted: {} as Message['encrypted'] }),
    ]) {
      const { container, unmount } = setup(m);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });

  it('hides a picture that fails to load', () => {
    setup(message());
    fireEvent.error(document.querySelector('img.link-preview-image')!);
    expect(document.querySelector('img.link-preview-image')).toBeNull();
    expect(screen.getByRole('link', { name: 'A post worth reading' })).toBeTruthy();
  });

  it('offers Remove only on the reader’s own message', () => {
    setup(message());
    expect(screen.queryByRole('button', { name: 'Remove preview' })).toBeNull();
  });

  it('removes the previews once, the button disabled while it asks', async () => {
    const calls: Call[] = [];
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    setup(message({ authorId: ME }));
    const button = screen.getByRole('button', { name: 'Remove preview' });
    expect(button.getAttribute('title')).toBe('Remove preview');
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    fireEvent.click(button);
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(calls).toEqual([{ url: `${getConfig().apiBase}/messages/m1/previews`, method: 'DELETE' }]);
    expect(notices.get()).toEqual([]);
  });

  it('says so quietly when the previews could not be removed', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'forbidden', message: 'Not yours.' } }, { status: 403 }),
    );
    setup(message({ authorId: ME }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove preview' }));
    await waitFor(() =>
      expect(notices.get().map((n) => n.text)).toEqual(['Could not remove the preview: Not yours.']),
    );
  });
});
