import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User, UsersResponse } from '@parley/protocol';
import { api } from '../../lib/api';
import { useUsers } from '../../realtime/use-users';
import './channels.css';

/** People matching the search, found by the server; the empty search lists the first 200. */
function useCandidates(q: string) {
  const all = useUsers();
  const found = useQuery({
    queryKey: ['users', 'search', q],
    queryFn: async () =>
      (await api<UsersResponse>('GET', `/users?${new URLSearchParams({ q, limit: '50' })}`)).users,
    enabled: q !== '',
    staleTime: 30_000,
  });
  return (q ? found.data : all.data) ?? [];
}

type Props = {
  /** Opened to add someone ("Add people"): the search takes the focus. */
  autoFocus?: boolean;
  isMember: (id: string) => boolean;
  pending: boolean;
  onAdd: (user: User, added: () => void) => void;
};

/** A search box and the matching people not yet listed as members; Add adds the one picked. */
export function AddMemberPicker({ autoFocus, isMember, pending, onAdd }: Props) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [pick, setPick] = useState('');
  const candidates = useCandidates(q).filter((u) => !isMember(u.id));
  const picked = candidates.find((u) => u.id === pick);

  return (
    <form
      className="add-member"
      onSubmit={(e) => {
        e.preventDefault();
        // A late answer must not clear a person picked since.
        if (picked)
          onAdd(picked, () => {
            setPick((p) => (p === picked.id ? '' : p));
            setSearch((s) => (s.trim() === q ? '' : s));
          });
      }}
    >
      <input
        type="search"
        autoFocus={autoFocus}
        aria-label="Find someone to add"
        placeholder="Find someone to add…"
        value={search}
        maxLength={64}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="add-member-row">
        <select aria-label="Person to add" value={picked?.id ?? ''} onChange={(e) => setPick(e.target.value)}>
          <option value="">{candidates.length ? 'Add someone…' : 'Nobody found'}</option>
          {candidates.map((u) => (
            <option key={u.id} value={u.id}>
              {u.displayName} (@{u.username})
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small" disabled={!picked || pending}>
          Add
        </button>
      </div>
    </form>
  );
}
