import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserResponse } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { FailureNote } from '../components/field';
import { api } from '../lib/api';
import { keys } from '../realtime/keys';

/** Settings → Profile: the photo everyone sees beside one's name, or initials when there is none. */
export function ProfilePhoto({ me }: { me: User }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const change = useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<UserResponse>('DELETE', '/users/me/avatar');
      const form = new FormData();
      form.append('file', file);
      return api<UserResponse>('PUT', '/users/me/avatar', form);
    },
    onSuccess: ({ user }) => qc.setQueryData(keys.session, user),
  });
  return (
    <section className="card profile-photo" aria-labelledby="photo-title">
      <h2 id="photo-title">Photo</h2>
      <div className="profile-photo-row">
        <Avatar name={me.displayName} username={me.username} photo={me.avatarId} size={72} />
        <div className="profile-photo-actions">
          <div className="form-actions form-actions-start">
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => input.current?.click()}
            >
              {change.isPending ? 'Uploading…' : me.avatarId ? 'Change photo' : 'Upload a photo'}
            </button>
            {me.avatarId && (
              <button
                type="button"
                className="button button-ghost"
                disabled={change.isPending}
                onClick={() => change.mutate(null)}
              >
                Remove
              </button>
            )}
          </div>
          <p className="field-hint">PNG, JPEG, WebP or GIF, up to 5 MB. It is cropped to a square.</p>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            aria-label="Photo file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) change.mutate(file);
            }}
          />
          <FailureNote error={change.error} />
        </div>
      </div>
    </section>
  );
}
