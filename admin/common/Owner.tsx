// The owner of a record. Only admins may read the users list, so other roles see "Me" for their
// own records and the user number otherwise, and choose between themselves and nobody.
import { ReferenceField, ReferenceInput, SelectInput, AutocompleteInput, TextField, useGetIdentity, useRecordContext } from 'react-admin'
import { useCan } from './hooks.ts'

export function OwnerField({ source = 'owner_id' }: { source?: string; label?: string }) {
  const record = useRecordContext()
  const { can } = useCan()
  const { identity } = useGetIdentity()
  const value = record?.[source]
  if (value == null) return <span>Unassigned</span>
  if (can('users', 'show')) {
    return (
      <ReferenceField source={source} reference="users" link={false}>
        <TextField source="name" />
      </ReferenceField>
    )
  }
  return <span>{identity && identity.id === value ? `Me (${identity.fullName})` : `User #${value}`}</span>
}

export function OwnerInput({ source = 'owner_id', label = 'Owner' }: { source?: string; label?: string }) {
  const { can } = useCan()
  const { identity } = useGetIdentity()
  if (can('users', 'list')) {
    return (
      <ReferenceInput source={source} reference="users" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label={label} optionText={(u) => u.name || u.email} filterToQuery={(q) => ({ q })} />
      </ReferenceInput>
    )
  }
  const choices = identity ? [{ id: identity.id, name: `Me (${identity.fullName})` }] : []
  return <SelectInput source={source} label={label} choices={choices} emptyText="Unassigned" />
}
