import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadConfig } from '../lib/config';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import { preloadShellIfSignedIn } from './load-shell';
import '../styles/tokens.css';
import '../styles/app.css';

preloadShellIfSignedIn();
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
