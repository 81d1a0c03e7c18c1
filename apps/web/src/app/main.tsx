import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { boot } from '../lib/boot';
import { loadConfig } from '../lib/config';
import { queryClient } from '../lib/query-client';
import { resetCursor } from '../realtime/feed-cursor';
import { keys } from '../realtime/keys';
import type { MessagePage } from '../realtime/merge';
import { App } from './app';
import { preloadShellIfSignedIn } from './load-shell';
import '../styles/tokens.css';
import '../styles/app.css';

preloadShellIfSignedIn(boot && !!boot.user);
// The page says who is signed in, with a cursor taken before anything loads: no round trip before the first screen.
if (boot) {
  resetCursor(boot.cursor ?? undefined);
  queryClient.setQueryData(keys.session, boot.user);
  // The channel the address names opens on the page's copy of its newest messages.
  const history = boot.history;
  if (history)
    queryClient.setQueryData<MessagePage>(keys.messages(history.channelId), {
      messages: history.page.messages,
      hasMoreBefore: history.page.hasMore,
    });
}
await loadConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
