import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkPreview, Message, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { api, describeError } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';
import './link-previews.css';

/** Cards for the links in a message's text, as the server read them; its author may remove them. */
export function LinkPreviews({ message }: { message: Message }) {
  const selfId = useQueryClient().getQueryData<User | null>(keys.session)?.id;
  const remove = useMutation({
    mutationFn: () => api('DELETE', `/messages/${message.id}/previews`),
    onError: (err) => notify(`Could not remove the preview: ${describeError(err)}`),
  });
  // An encrypted message's links are unknown to the server, so any previews it holds are not to be shown.
  if (!message.previews?.length || message.deletedAt || message.encrypted) return null;
  const onRemove = message.authorId === selfId ? () => remove.mutate() : undefined;
  return (
    <ul className="link-previews" aria-label="Link previews">
      {message.previews.map((preview, i) => (
        <PreviewCard
          key={`${i}:${preview.url}`}
          preview={preview}
          onRemove={onRemove}
          removing={remove.isPending}
        />
      ))}
    </ul>
  );
}

function PreviewCard({
  preview,
  onRemove,
  removing,
}: {
  preview: LinkPreview;
  onRemove: (() => void) | undefined;
  removing: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const [iconBroken, setIconBroken] = useState(false);
  const iconUrl = iconBroken ? undefined : preview.iconUrl;
  return (
    <li className={onRemove ? 'link-preview link-preview-removable' : 'link-preview'}>
      {(preview.siteName || iconUrl) && (
        <div className="link-preview-site">
          {iconUrl && (
            // alt="": the site's name is right beside it.
            <img
              className="link-preview-icon"
              src={`${getConfig().apiBase}${iconUrl}`}
              alt=""
              width={16}
              height={16}
              loading="lazy"
              referrerPolicy="no-referrer"
              onError={() => setIconBroken(true)}
            />
          )}
          {preview.siteName && <span>{preview.siteName}</span>}
        </div>
      )}
      <a className="link-preview-title" href={preview.url} target="_blank" rel="noopener noreferrer nofollow">
        {preview.title}
      </a>
      {preview.description && <p className="link-preview-description">{preview.description}</p>}
      {preview.imageUrl && !broken && (
        // Through the server's proxy, so the linked site never learns who reads the channel.
        <img
          className="link-preview-image"
          src={`${getConfig().apiBase}${preview.imageUrl}`}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      )}
      {onRemove && (
        <button
          type="button"
          className="icon-button link-preview-remove"
          aria-label="Remove preview"
          title="Remove preview"
          disabled={removing}
          onClick={onRemove}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </li>
  );
}
