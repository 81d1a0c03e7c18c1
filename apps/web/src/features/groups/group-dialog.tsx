import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupResponse, User, UserGroup, UsersResponse } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { Dialog } from '../../components/dialog';
import { Field, FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { applyGroupEvent } from '../../realtime/apply-group-events';
import { keys } from '../../realtime/keys';

const SHOWN = 6;

/** People matching the search, found by the server (the same search the members panel uses). */
function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: ['users', 'search', q],
    queryFn: async () =>
      (await api<UsersResponse>('GET', `/users?${new URLSearchParams({ q, limit: '20' })}`)).users,
    enabled: q !== '',
    staleTime: 30_000,
  }).data;
}

type Props = {
  /** The group to edit; none to make a new one. */
  group?: UserGroup;
  members: User[];
  onClose: () => void;
};

/** Makes or edits a user group: handle, name, description and who is in it. */
export function GroupDialog({ group, members: initial, onClose }: Props) {
  const qc = useQueryClient();
  const [handle, setHandle] = useState(group?.handle ?? '');
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [members, setMembers] = useState<User[]>(initial);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const found = (usePeopleSearch(q) ?? []).filter((u) => !members.some((m) => m.id === u.id)).slice(0, SHOWN);

  const save = useMutation({
    mutationFn: async () => {
      const userIds = members.map((m) => m.id);
      const fields = {
        handle: handle.trim().toLowerCase(),
        name: name.trim(),
        description: description.trim(),
      };
      if (!group) return (await api<GroupResponse>('POST', '/groups', { ...fields, userIds })).group;
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => v !== group[k as keyof typeof fields]),
      );
      let saved = group;
      if (Object.keys(changed).length > 0)
        saved = (await api<GroupResponse>('PATCH', `/groups/${group.id}`, changed)).group;
      const same =
        userIds.length === group.memberIds.length && userIds.every((id) => group.memberIds.includes(id));
      if (!same) saved = (await api<GroupResponse>('PUT', `/groups/${group.id}/members`, { userIds })).group;
      return saved;
    },
    onSuccess: (saved) => {
      qc.setQueryData(keys.groups, (list: UserGroup[] | undefined) =>
        applyGroupEvent(list, { type: 'group:updated', payload: { group: saved, cursor: '' } }),
      );
      onClose();
    },
  });

  return (
    <Dialog title={group ? `Edit @${group.handle}` : 'Create a user group'} open onClose={onClose} wide>
      <form
        className="group-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field
          label="Name"
          value={name}
          onValue={setName}
          required
          maxLength={64}
          placeholder="Design team"
        />
        <Field
          label="Handle"
          hint="People mention the group as @handle: a-z, 0-9, dot, dash or underscore."
          value={handle}
          onValue={setHandle}
          required
          minLength={2}
          maxLength={32}
          pattern="[A-Za-z0-9._\-]+"
          placeholder="design"
        />
        <Field
          label="Description (optional)"
          value={description}
          onValue={setDescription}
          maxLength={250}
          placeholder="What the group is for"
        />
        <fieldset className="group-members">
          <legend className="field-label">
            Members <span className="muted">({members.length})</span>
          </legend>
          <input
            type="search"
            aria-label="Find people to add"
            placeholder="Find people to add…"
            value={search}
            maxLength={64}
            onChange={(e) => setSearch(e.target.value)}
          />
          {q && (
            <ul className="group-people" aria-label="People found">
              {found.length === 0 && <li className="muted small">Nobody found</li>}
              {found.map((u) => (
                <li key={u.id}>
                  <Avatar name={u.displayName} username={u.username} photo={u.avatarId} size={24} />
                  <span className="group-person">
                    {u.displayName} <span className="muted small">@{u.username}</span>
                  </span>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Add ${u.displayName}`}
                    onClick={() => setMembers((list) => [...list, u])}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ul className="group-people" aria-label="Members">
            {members.length === 0 && <li className="muted small">No one yet</li>}
            {members.map((u) => (
              <li key={u.id}>
                <Avatar name={u.displayName} username={u.username} photo={u.avatarId} size={24} />
                <span className="group-person">
                  {u.displayName} <span className="muted small">@{u.username}</span>
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Remove ${u.displayName}`}
                  onClick={() => setMembers((list) => list.filter((m) => m.id !== u.id))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <FailureNote error={save.error} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={save.isPending}>
            {group ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
