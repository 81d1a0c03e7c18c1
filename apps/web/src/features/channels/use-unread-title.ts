import { useEffect } from 'react';
import type { Channel } from '@parley/protocol';
import { totalUnread } from '../../realtime/merge';

const ICON = '/favicon.svg';

/** "(3) Parley" and a red dot on the tab's icon while a badge is up, so a background tab shows it. */
export function useUnreadTitle(channels: Channel[] | undefined): void {
  const count = totalUnread(channels);
  useEffect(() => {
    document.title = count > 0 ? `(${count > 99 ? '99+' : count}) Parley` : 'Parley';
    void setIcon(count);
  }, [count]);
}

async function setIcon(count: number): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  if (count === 0) {
    link.type = 'image/svg+xml';
    return void (link.href = ICON);
  }
  const image = new Image();
  image.src = ICON;
  await image.decode().catch(() => undefined);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const g = canvas.getContext('2d');
  if (!g) return;
  if (image.complete && image.naturalWidth) g.drawImage(image, 0, 0, 64, 64);
  g.fillStyle = '#c4253b';
  g.beginPath();
  g.arc(46, 18, 17, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#fff';
  g.font = 'bold 24px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(count > 9 ? '9+' : String(count), 46, 19);
  link.type = 'image/png';
  link.href = canvas.toDataURL('image/png');
}
