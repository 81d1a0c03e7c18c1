import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const TOPIC = { name: 'topic', args: '[text]', description: 'Sets the channel topic' };
const LEAVE = { name: 'leave', description: 'Leaves this channel' };

function setup(onCommand?: (c: { name: string; rest: string }) => Promise<string | undefined>) {
  const onSend = vi.fn();
  render(<Composer label="Message #x" onSend={onSend} commands={[TOPIC, LEAVE]} onCommand={onCommand} />);
  return { onSend, box: screen.getByRole('textbox') as HTMLTextAreaElement };
}
const enter = (box: HTMLElement, value: string) => {
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

describe('Composer slash commands', () => {
  it('asks for the commands only once a message starts with a slash (regression: asked on every open)', () => {
    const onCommandsWanted = vi.fn();
    render(
      <Composer
        label="Message #x"
        onSend={vi.fn()}
        onCommand={vi.fn()}
        onCommandsWanted={onCommandsWanted}
      />,
    );
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: 'a note, not /a command' } });
    expect(onCommandsWanted).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '/' } });
    fireEvent.change(box, { target: { value: '/dep' } });
    expect(onCommandsWanted).toHaveBeenCalledTimes(1);
  });

  it('runs a command through onCommand instead of sending it, and empties the box', async () => {
    const onCommand = vi.fn(async () => undefined);
    const { onSend, box } = setup(onCommand);
    enter(box, '/topic Launch week');
    await waitFor(() => expect(onCommand).toHaveBeenCalledWith({ name: 'topic', rest: 'Launch week' }));
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('keeps the text and shows what a command answered when it did not work', async () => {
    const { box } = setup(async () => 'Everyone stays in #general.');
    enter(box, '/leave');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Everyone stays in #general.');
    expect(box.value).toBe('/leave');
  });

  it('says an unknown command is none and sends it as text only after a space', async () => {
    const { onSend, box } = setup(async () => undefined);
    enter(box, '/deploy now');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^\/deploy is not a command here/);
    expect(onSend).not.toHaveBeenCalled();
    enter(box, ' /deploy now');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('/deploy now'));
  });

  it('sends /shrug and /me as the text they make, where no other command is offered', async () => {
    const { onSend, box } = setup();
    enter(box, '/shrug fine');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('fine ¯\\\\\\_(ツ)\\_/¯'));
    enter(box, '/topic x');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^\/topic is not a command here/);
  });

  it('lists the commands after a slash: Tab completes one, Enter on a whole one runs it', async () => {
    const onCommand = vi.fn(async () => undefined);
    const { box } = setup(onCommand);
    await userEvent.type(box, '/t');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['/topic [text]Sets the channel topic']);
    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe('/topic ');
    await userEvent.clear(box);
    await userEvent.type(box, '/leave{Enter}');
    await waitFor(() => expect(onCommand).toHaveBeenCalledWith({ name: 'leave', rest: '' }));
  });
});
