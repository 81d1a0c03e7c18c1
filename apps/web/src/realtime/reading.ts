let open: string | undefined;

/** The channel on screen; its new messages count as read while the window has focus. */
export function setOpenChannel(channelId: string | undefined): void {
  open = channelId;
}

export function isReading(channelId: string): boolean {
  return open === channelId && document.visibilityState === 'visible' && document.hasFocus();
}
