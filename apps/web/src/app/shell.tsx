import { Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@parley/protocol';
import { lazyChunk } from '../lib/load-chunk';
import { ChannelRoute, HomeRoute, LAST_CHANNEL_KEY, NotFound } from './channel-route';
import { Sidebar } from './sidebar';
import { PHONE, useMediaQuery } from '../lib/use-media-query';
import { useDrawerSliding } from './use-drawer';
import { closeSidebar, sidebarOpen } from '../lib/sidebar-state';
import { DmRoute, GroupRoute } from './dm-route';
import { openOutbox } from '../realtime/outbox';
import { openVault } from '../crypto/vault';
import { openVerified } from '../crypto/verification';
import { useStore } from '../lib/store';
import { startRealtime } from '../realtime/sync';
import { startLocalSearch } from '../realtime/local-search';
import { MessageExtrasProvider } from '../components/message/message-extras';
import { ChunkBoundary } from '../components/chunk-boundary';
import { ConnectionBanner } from './connection-banner';
import { useConnectionAttributes } from './use-connection-attributes';
import { messageExtras } from './message-extras';
import { Notices } from './notices';
import { api } from '../lib/api';
import { afterPaint } from '../lib/after-paint';
import { startDesktopNotifications, startReminderAlerts } from './desktop-notifications';
import { MentionProvider } from './mention-provider';
import { noticeScheduledFailed } from './scheduled-notice';
import { CustomEmojiProvider } from './custom-emoji-provider';
import { useCursorReady } from '../realtime/use-cursor-ready';
import { shortcutDialog, useShortcuts } from './use-shortcuts';
import './shell.css';

const AdminPage = lazyChunk(() => import('../features/admin/admin-page'));
const SettingsPage = lazyChunk(() => import('./settings-page'));
const ThreadsPage = lazyChunk(() => import('../features/threads/threads-page'));
const DraftsPage = lazyChunk(() => import('./drafts-page'));
const MentionsPage = lazyChunk(() => import('./mentions-page'));
const SearchPage = lazyChunk(() => import('../features/search/search-page'));
const SavedPage = lazyChunk(() => import('./saved-page'));
const ScheduledPage = lazyChunk(() => import('./scheduled-page'));
const GroupsPage = lazyChunk(() => import('../features/groups/groups-page'));
const QuickSwitcher = lazyChunk(() => import('../features/switcher/quick-switcher'));
const KeyboardHelp = lazyChunk(() => import('../features/switcher/keyboard-help'));
const closeShortcutDialog = () => shortcutDialog.set(undefined);

/** The signed-in app: realtime connection, sidebar and the routed main pane. */
export function Shell({ me }: { me: User }) {
  const qc = useQueryClient();
  const shellRef = useConnectionAttributes();
  const drawer = useStore(sidebarOpen);
  // While the drawer covers it on a phone, the page behind takes no focus.
  const covered = useMediaQuery(PHONE) && drawer;
  useDrawerSliding(shellRef, drawer);
  // navigate changes identity with the location; a ref keeps route changes from reconnecting the socket.
  const navigate = useNavigate();
  // Any navigation on a phone (a channel, a menu link, a notification) closes the drawer.
  const { pathname } = useLocation();
  useEffect(() => closeSidebar(), [pathname]);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const meId = me.id;
  const meRef = useRef(me);
  useEffect(() => {
    meRef.current = me;
  }, [me]);
  const cursorReady = useCursorReady();
  // The profile card shows local time: keep the zone the browser is in.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const knownZone = me.timeZone;
  useEffect(() => {
    if (zone && zone !== knownZone)
      return afterPaint(() => void api('PATCH', '/users/me', { timeZone: zone }).catch(() => {}));
  }, [zone, knownZone]);
  useShortcuts();
  const keyboardDialog = useStore(shortcutDialog);
  // Keyed by the user's id only: a profile edit must not reconnect the socket.
  useEffect(() => {
    openOutbox(meId);
    openVerified(meId);
    void openVault(meId).catch(() => {});
    const notifyAbout = startDesktopNotifications(
      qc,
      () => meRef.current,
      (path) => navigateRef.current(path),
    );
    const remind = startReminderAlerts(
      qc,
      () => meRef.current,
      (path) => navigateRef.current(path),
    );
    const stopLocalSearch = startLocalSearch(qc, meId);
    const stopRealtime = startRealtime(qc, meId, {
      onLiveMessage: (message) => void notifyAbout(message),
      onReminderDue: (due) => void remind(due),
      onScheduledFailed: (scheduled) =>
        noticeScheduledFailed(qc, meRef.current, scheduled, (path) => navigateRef.current(path)),
      onChannelRemoved: (channel) => {
        if (localStorage.getItem(LAST_CHANNEL_KEY) === channel.name)
          localStorage.removeItem(LAST_CHANNEL_KEY);
        const path = decodeURIComponent(window.location.pathname);
        if (path === `/c/${channel.name}` || path.startsWith(`/c/${channel.name}/`))
          navigateRef.current('/', { replace: true });
      },
    });
    return () => {
      stopRealtime();
      stopLocalSearch();
    };
  }, [qc, meId]);

  // After a sign-in the sync cursor is taken before anything shown is loaded (a reload has it from the page).
  if (!cursorReady) return <div className="splash" aria-busy="true" />;
  return (
    <div ref={shellRef} className={`shell ${drawer ? 'drawer-open' : ''}`}>
      <Sidebar me={me} />
      <div className="scrim" onClick={closeSidebar} aria-hidden="true" />
      <main className="main" inert={covered}>
        <ConnectionBanner />
        <Notices />
        <MentionProvider me={me}>
          <CustomEmojiProvider>
            <MessageExtrasProvider value={messageExtras}>
              <ChunkBoundary resetKey={pathname}>
                <Suspense fallback={<div className="list-loading">Loading…</div>}>
                  <Routes>
                    <Route index element={<HomeRoute />} />
                    <Route path="c/:channel" element={<ChannelRoute me={me} />} />
                    <Route path="c/:channel/t/:messageId" element={<ChannelRoute me={me} />} />
                    <Route path="c/:channel/m/:linkedId" element={<ChannelRoute me={me} />} />
                    <Route path="dm/:username" element={<DmRoute me={me} />} />
                    <Route path="g/:channelId" element={<GroupRoute me={me} />} />
                    <Route path="threads" element={<ThreadsPage me={me} />} />
                    <Route path="drafts" element={<DraftsPage me={me} />} />
                    <Route path="mentions" element={<MentionsPage me={me} />} />
                    <Route path="search" element={<SearchPage me={me} />} />
                    <Route path="saved" element={<SavedPage me={me} />} />
                    <Route path="scheduled" element={<ScheduledPage me={me} />} />
                    <Route path="groups" element={<GroupsPage me={me} />} />
                    <Route path="settings/:tab?" element={<SettingsPage me={me} />} />
                    <Route path="admin" element={<AdminPage me={me} />} />
                    <Route path="*" element={<NotFound />} />
                  </Routes>
                </Suspense>
              </ChunkBoundary>
            </MessageExtrasProvider>
          </CustomEmojiProvider>
        </MentionProvider>
      </main>
      {/* Keyed by the dialog: Ctrl+K again, or another shortcut, clears a failed one's note. */}
      <ChunkBoundary resetKey={keyboardDialog}>
        <Suspense fallback={null}>
          {keyboardDialog === 'switcher' && <QuickSwitcher me={me} onClose={closeShortcutDialog} />}
          {keyboardDialog === 'help' && <KeyboardHelp onClose={closeShortcutDialog} />}
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
