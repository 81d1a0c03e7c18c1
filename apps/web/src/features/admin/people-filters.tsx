import type { PeopleFilter } from './use-people-pages';

/** Search by name and narrow by role or status, as an admin of a big team needs to find one person. */
export function PeopleFilters({
  filter,
  onChange,
}: {
  filter: PeopleFilter;
  onChange: (next: PeopleFilter) => void;
}) {
  return (
    <div className="people-filters">
      <input
        type="search"
        className="search-input"
        aria-label="Search people"
        placeholder="Search by name or username"
        value={filter.q}
        maxLength={64}
        onChange={(e) => onChange({ ...filter, q: e.target.value })}
      />
      <select
        aria-label="Role"
        value={filter.role}
        onChange={(e) => onChange({ ...filter, role: e.target.value })}
      >
        <option value="">Any role</option>
        <option value="owner">Owner</option>
        <option value="admin">Admins</option>
        <option value="member">Members</option>
        <option value="guest">Guests</option>
      </select>
      <select
        aria-label="Status"
        value={filter.status}
        onChange={(e) => onChange({ ...filter, status: e.target.value })}
      >
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="deactivated">Deactivated</option>
      </select>
    </div>
  );
}
