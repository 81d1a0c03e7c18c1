import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localInputValue } from '../../lib/later-choices';
import { Composer } from './composer';

function setup(onSchedule: (text: string, at: Date) => Promise<string | undefined>) {
  const onSend = vi.fn();
  render(<Composer label="Message #x" onSend={onSend} onSchedule={onSchedule} />);
  return { onSend, box: screen.getByRole('textbox') as HTMLTextAreaElement };
}
const scheduleButton = () => screen.getByRole('button', { name: 'Schedule for later' });

describe('Composer: schedule for later', () => {
  it('schedules the text at a time from the list instead of sending it, and empties the box', async () => {
    const onSchedule = vi.fn(async () => undefined);
    const { onSend, box } = setup(onSchedule);
    expect(scheduleButton()).toHaveProperty('disabled', true);
    await userEvent.type(box, 'Ship notes');
    await userEvent.click(scheduleButton());
    const before = Date.now();
    await userEvent.click(await screen.findByRole('menuitem', { name: /^In 1 hour/ }));
    await waitFor(() => expect(onSchedule).toHaveBeenCalledTimes(1));
    const [text, at] = onSchedule.mock.calls[0] as unknown as [string, Date];
    expect(text).toBe('Ship notes');
    expect(Math.abs(at.getTime() - before - 60 * 60_000)).toBeLessThan(5_000);
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('keeps the text and says why when scheduling did not work', async () => {
    const { box } = setup(async () => 'Could not schedule it: the server is away.');
    await userEvent.type(box, 'Later');
    await userEvent.click(scheduleButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: /^In 20 minutes/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not schedule it: the server is away.');
    expect(box.value).toBe('Later');
  });

  it('takes a custom date and time, refusing one already past, and sends nothing meanwhile', async () => {
    const onSchedule = vi.fn(async () => undefined);
    const { onSend, box } = setup(onSchedule);
    await userEvent.type(box, 'Quarterly plan');
    await userEvent.click(scheduleButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Custom time…' }));
    const field = screen.getByLabelText('Date and time');
    fireEvent.change(field, { target: { value: localInputValue(new Date(Date.now() - 3_600_000)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick a time ahead.');
    expect(onSchedule).not.toHaveBeenCalled();
    const far = new Date(Date.now() + 400 * 86_400_000);
    fireEvent.change(field, { target: { value: localInputValue(far) } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    // More than a year ahead is refused too.
    expect((await screen.findByRole('alert')).textContent).toBe('Pick a time within a year.');
    const soon = new Date(Date.now() + 2 * 86_400_000);
    soon.setSeconds(0, 0);
    fireEvent.change(field, { target: { value: localInputValue(soon) } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(onSchedule).toHaveBeenCalledWith('Quarterly plan', soon));
    // The time's form sits in a portal: its submit must not reach the composer's form and send the text.
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses to schedule a command, which runs at once', async () => {
    const onSchedule = vi.fn(async () => undefined);
    const { box } = setup(onSchedule);
    await userEvent.type(box, '/topic Launch');
    await userEvent.click(scheduleButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: /^In 3 hours/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A command runs at once: it cannot be scheduled.',
    );
    expect(onSchedule).not.toHaveBeenCalled();
  });
});
