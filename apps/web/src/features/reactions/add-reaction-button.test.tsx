import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol';
import { AddReactionButton } from './add-reaction-button';

// The picker's chunk arrives only when the test lets it, as on a slow connection.
const arrival = vi.hoisted(() => {
  let let_in = () => {};
  const arrived = new Promise<void>((resolve) => (let_in = resolve));
  return { arrived, letIn: () => let_in() };
});
vi.mock('./emoji-picker-popover', async () => {
  await arrival.arrived;
  return { EmojiPickerPopover: () => <div role="dialog" aria-label="Add reaction" /> };
});

describe('AddReactionButton', () => {
  it('shows it is busy while the picker loads, takes no second load, then opens the picker', async () => {
    const message = { id: 'm1', channelId: 'c1', threadRootId: null } as Message;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddReactionButton message={message} variant="pill" />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Add reaction' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    await userEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    arrival.letIn();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add reaction' })).toBeTruthy());
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
