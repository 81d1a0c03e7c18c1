import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupManagers, InstanceSettings, SettingsResponse } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';

/** Who may create and manage user groups: every member (the default) or owners and admins only. */
export function GroupsSetting({ settings }: { settings: InstanceSettings | undefined }) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (groupManagers: GroupManagers) =>
      api<SettingsResponse>('PATCH', '/admin/settings', { groupManagers }),
    onMutate: (groupManagers) =>
      qc.setQueryData<SettingsResponse>(
        ['admin', 'settings'],
        (old) => old && { settings: { ...old.settings, groupManagers } },
      ),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        qc.invalidateQueries({ queryKey: ['instance'] }),
      ]),
  });
  return (
    <section className="card" aria-labelledby="groups-setting-title">
      <h2 id="groups-setting-title">User groups</h2>
      <FailureNote error={save.error} />
      <label className="field">
        <span className="field-label">Who can create and manage user groups</span>
        <select
          value={settings?.groupManagers ?? 'members'}
          disabled={!settings}
          onChange={(e) => save.mutate(e.target.value as GroupManagers)}
        >
          <option value="members">Every member (not guests)</option>
          <option value="admins">Owners and admins only</option>
        </select>
      </label>
    </section>
  );
}
