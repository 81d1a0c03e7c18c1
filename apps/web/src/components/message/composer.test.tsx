import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, EditBox } from './composer';

describe('Composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    render(<Composer label="Message #general" onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message #general' });
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('first line\nsecond');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('does not send blank text and asks to edit the last message on Up when empty', async () => {
    const onSend = vi.fn();
    const onEditLast = vi.fn();
    render(<Composer label="Message #x" onSend={onSend} onEditLast={onEditLast} />);
    const box = screen.getByRole('textbox');
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(box);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalled();
  });
});

describe('EditBox', () => {
  it('cancels on Escape and saves on Enter', async () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<EditBox initial="old" onSave={onSave} onCancel={onCancel} />);
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await userEvent.type(box, ' text{Enter}');
    expect(onSave).toHaveBeenCalledWith('old text');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });
});
