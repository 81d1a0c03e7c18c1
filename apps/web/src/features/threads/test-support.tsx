import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { keys } from '../../realtime/keys';
import { user } from '../../lib/test-fixtures';
import { ThreadLinkContext, type ThreadLinks } from './thread-link';

export const USERS = [user('alice', { displayName: 'Alice' }), user('bob', { displayName: 'Bob' })];

export const links: ThreadLinks = {
  href: (rootId) => `/c/general/t/${rootId}`,
  open: () => {},
  closeHref: '/c/general',
};

/** A query cache seeded with what the test names, a router and the channel's thread links. */
export function renderTree(children: ReactNode, seed: [readonly unknown[], unknown][] = []) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(keys.users, USERS);
  for (const [key, value] of seed) qc.setQueryData(key, value);
  const tree = (
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ThreadLinkContext.Provider value={links}>{children}</ThreadLinkContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { qc, tree };
}
