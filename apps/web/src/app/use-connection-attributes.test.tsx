import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connection } from '../realtime/connection';
import { useConnectionAttributes } from './use-connection-attributes';

let renders = 0;
function Screen() {
  renders++;
  const ref = useConnectionAttributes();
  return <div ref={ref} data-testid="shell" />;
}

describe('useConnectionAttributes', () => {
  afterEach(() => act(() => connection.set({ state: 'connecting', transport: 'polling' })));

  // Regression: every connection change (catching up, live, the upgrade) re-rendered the whole chat screen.
  it('writes each connection change onto the element without rendering the screen again', () => {
    renders = 0;
    const { getByTestId } = render(<Screen />);
    const shell = getByTestId('shell');
    expect(shell.dataset.connectionState).toBe('connecting');
    expect(shell.dataset.transport).toBe('polling');
    const before = renders;
    act(() => connection.set({ state: 'catching-up', transport: 'polling' }));
    act(() => connection.set({ state: 'live', transport: 'websocket', beenLive: true }));
    expect(shell.dataset.connectionState).toBe('live');
    expect(shell.dataset.transport).toBe('websocket');
    expect(renders).toBe(before);
  });
});
