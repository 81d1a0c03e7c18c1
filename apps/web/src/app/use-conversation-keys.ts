import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type SidebarEntry = { path: string; unread: boolean };

/** Whether the address is the entry's conversation, or a thread or message inside it; its query must agree too. */
function isAt(entry: SidebarEntry, pathname: string, search: string): boolean {
  const [path = '', query = ''] = entry.path.split('?');
  if (pathname !== path && !pathname.startsWith(`${path}/`)) return false;
  const here = new URLSearchParams(search);
  return [...new URLSearchParams(query)].every(([key, value]) => here.get(key) === value);
}

/**
 * The conversation `step` places from the one at the address (a thread inside it counts as it), in
 * sidebar order, among unread ones only when asked; undefined at either end. From a page that is no
 * conversation, down starts at the top and up at the bottom.
 */
export function neighbour(
  entries: SidebarEntry[],
  { pathname, search }: { pathname: string; search: string },
  step: 1 | -1,
  unreadOnly: boolean,
): string | undefined {
  // The most specific match: an encrypted DM's address also starts with the plain one's.
  const matches = entries.map((e, i) => [e, i] as const).filter(([e]) => isAt(e, pathname, search));
  const at = matches.sort(([a], [b]) => b.path.length - a.path.length)[0]?.[1] ?? -1;
  const from = at >= 0 ? at : step === 1 ? -1 : entries.length;
  for (let i = from + step; i >= 0 && i < entries.length; i += step)
    if (!unreadOnly || entries[i]!.unread) return entries[i]!.path;
  return undefined;
}

/** Alt+↑/↓ moves to the previous or next channel or DM of the sidebar, Alt+Shift+↑/↓ to the previous or next unread one. */
export function useConversationKeys(entries: SidebarEntry[]): void {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ entries, location, navigate });
  useEffect(() => {
    latest.current = { entries, location, navigate };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      if (document.querySelector('dialog[open],[role=menu]')) return;
      const { entries, location, navigate } = latest.current;
      const to = neighbour(entries, location, e.key === 'ArrowDown' ? 1 : -1, e.shiftKey);
      e.preventDefault();
      if (to) navigate(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
