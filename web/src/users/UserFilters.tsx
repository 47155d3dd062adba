import { SearchBox, SelectFilter } from '../common/list';
import { useDivisionOptions, useOfficeOptions, useRoleOptions } from '../common/options';
import { ALL_INACTIVE, STATUS_CHOICES, statusShown, type UserFilterState, withStatus } from './filters';

/** Name, Email, Role, Location and Division (the last two hidden for CLIENT-ADMIN), Status. */
export function UserFilters({
  value,
  onChange,
  clientAdmin,
}: {
  value: UserFilterState;
  onChange(next: UserFilterState): void;
  clientAdmin: boolean;
}) {
  const roles = useRoleOptions();
  const offices = useOfficeOptions();
  const divisions = useDivisionOptions();
  const set = (patch: Partial<UserFilterState>) => onChange({ ...value, ...patch });
  const roleChoices = (clientAdmin ? roles.options.filter((r) => r.type === 0) : roles.options).map((r) => ({ id: r.id, name: r.name }));
  return (
    <>
      <SearchBox label="Name" value={value.name} onChange={(name) => set({ name })} width={180} />
      <SearchBox label="Email" value={value.email} onChange={(email) => set({ email })} width={200} />
      <SelectFilter
        label="Role"
        value={value.role}
        options={roleChoices}
        onChange={(role) => set({ role })}
        emptyLabel="All Roles"
        width={170}
      />
      {!clientAdmin && (
        <>
          <SelectFilter
            label="Location"
            value={value.location}
            options={offices.options}
            onChange={(location) => set({ location })}
            emptyLabel="All Locations"
            width={170}
          />
          <SelectFilter
            label="Division"
            value={value.division}
            options={divisions.options}
            onChange={(division) => set({ division })}
            emptyLabel="All Divisions"
            width={160}
          />
        </>
      )}
      <SelectFilter
        label="Status"
        value={statusShown(value)}
        options={STATUS_CHOICES}
        onChange={(status) => onChange(withStatus(value, status))}
        emptyLabel={ALL_INACTIVE}
        width={150}
      />
    </>
  );
}
