import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Channel, ChannelFilesResponse, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import type { HeaderPanel } from '../../lib/header-panel';
import { HeaderPopover } from '../../components/header-popover';
import { fileSize } from '../../lib/file-size';
import { api } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { dateFormat } from '../../lib/date-format';
import './files.css';

type Props = HeaderPanel & {
  channel: Channel;
  users: Map<string, User>;
  linkOfMessage: (id: string) => string;
};
const when = dateFormat({ dateStyle: 'medium' });

/** The header's Files: everything shared in the channel, newest first, each downloadable or found in its message. */
export function FilesButton({ channel, users, linkOfMessage, ...panel }: Props) {
  const list = useQuery({
    queryKey: ['channel-files', channel.id],
    queryFn: () => api<ChannelFilesResponse>('GET', `/channels/${channel.id}/files`),
    enabled: panel.open,
    staleTime: 0,
  });
  return (
    <HeaderPopover label="Files in this channel" title="Files" icon="paperclip" {...panel}>
      {list.isLoading ? (
        <p className="files-empty">Loading…</p>
      ) : !list.data?.files.length ? (
        <p className="files-empty">
          No files yet. Attach one with the paperclip, or drop it on the message box.
        </p>
      ) : (
        <ul className="files-list">
          {rowsOf(channel, list.data.files).map(({ file, messageId, authorId, sentAt }) => (
            <li key={file.id} className="files-row">
              {channel.encrypted ? (
                // The server holds ciphertext only: names and keys are inside the message.
                <span className="files-name">
                  <Icon name="lock" size={14} /> Encrypted files
                </span>
              ) : (
                <a
                  href={`${getConfig().apiBase}/files/${file.id}?download`}
                  download={file.name}
                  className="files-name"
                >
                  <Icon name="paperclip" size={14} /> {file.name}
                </a>
              )}
              <span className="muted small">
                {channel.encrypted ? '' : `${fileSize(file.size)} · `}
                {users.get(authorId)?.displayName ?? 'Someone'} · {when.format(new Date(sentAt))}
              </span>
              <Link to={linkOfMessage(messageId)} className="small" onClick={() => panel.onOpenChange(false)}>
                Show in channel
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HeaderPopover>
  );
}

/** In an encrypted channel one row per message: its uploads (files and their previews) are opened there. */
function rowsOf(channel: Channel, files: ChannelFilesResponse['files']) {
  if (!channel.encrypted) return files;
  return files.filter((f, i) => files.findIndex((g) => g.messageId === f.messageId) === i);
}
