import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyChunk } from '../lib/load-chunk';
import { ChunkBoundary } from '../components/chunk-boundary';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { signingOutHere, useSession } from '../features/auth/use-session';
import { useShell } from './load-shell';

const splash = <div className="splash" aria-busy="true" />;

const ResetPasswordPage = lazyChunk(() => import('../features/auth/reset-password-page'));

export function App() {
  const { data: me, isLoading, error } = useSession();
  const location = useLocation();
  const { Shell, failed } = useShell(!!me);
  if (isLoading) return splash;
  if (error)
    return <div className="splash-error">Parley cannot reach its server. Retrying when you reload.</div>;
  if (failed) return <div className="splash-error">Parley could not load. Reload the page to try again.</div>;
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  return (
    // The last stop for a part that fails to load: the sign-in steps, the reset page and the chat screen.
    <ChunkBoundary resetKey={location.pathname}>
      <Routes>
        <Route path="/login" element={me ? <Navigate to={from} replace /> : <LoginPage />} />
        <Route path="/register" element={me ? <Navigate to="/" replace /> : <RegisterPage />} />
        <Route path="/invite/:code" element={me ? <Navigate to="/" replace /> : <RegisterPage />} />
        <Route
          path="/reset/:token"
          element={
            <Suspense fallback={splash}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/*"
          element={
            me ? (
              Shell ? (
                <Shell me={me} />
              ) : (
                splash
              )
            ) : (
              // Back where the session ended, unless this tab signed out: the next person starts at home.
              <Navigate
                to="/login"
                replace
                state={signingOutHere() ? undefined : { from: location.pathname }}
              />
            )
          }
        />
      </Routes>
    </ChunkBoundary>
  );
}
