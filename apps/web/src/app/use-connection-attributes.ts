import { useLayoutEffect, useRef } from 'react';
import { connection } from '../realtime/connection';

/**
 * Writes the connection's state and transport onto the shell's element as they change, without a
 * render: each change (connecting, catching up, live, the upgrade) re-rendered the whole chat screen.
 */
export function useConnectionAttributes() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const write = () => {
      const { state, transport } = connection.get();
      if (!ref.current) return;
      ref.current.dataset.connectionState = state;
      ref.current.dataset.transport = transport;
    };
    write();
    const unsubscribe = connection.subscribe(write);
    return () => void unsubscribe();
  });
  return ref;
}
