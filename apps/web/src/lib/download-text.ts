/** Saves `text` as a file named `name`, as a download the browser asks nothing about. */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  // Revoked after the click has started the download, not before.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
