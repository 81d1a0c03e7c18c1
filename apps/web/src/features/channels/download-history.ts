import { getConfig } from '../../lib/config';

/** Saves the conversation's whole history as the server writes it (GET /channels/:id/export), as a file. */
export function downloadHistory(channelId: string): void {
  const link = document.createElement('a');
  link.href = `${getConfig().apiBase}/channels/${channelId}/export`;
  // The server names the file; `download` keeps the page where it is.
  link.download = '';
  link.click();
}
