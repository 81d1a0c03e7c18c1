export const daysWords = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'day' : 'days'}`;

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const count = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** The question's sentence: what a setting deletes at once, `where`. */
export function deletesNow(p: { messages: number; files: number; before: string }, where: string): string {
  if (p.messages === 0) return 'Nothing is that old yet.';
  const files = p.files > 0 ? ` and ${count(p.files, 'file')}` : '';
  return `${count(p.messages, 'message')}${files} last active before ${longDate.format(new Date(p.before))} are deleted now, for everyone, ${where}.`;
}
