// Newsletter lists: name, description and subscribers per status in the list.
import { useEffect, useState } from 'react'
import { Create, CreateButton, DataTable, Edit, List, SimpleForm, TextInput, TopToolbar, required, useRecordContext, type RaRecord } from 'react-admin'
import { useCan } from '../common/hooks.ts'
import { listCounts } from './api.ts'

let countsPromise: Promise<Record<string, Record<string, number>>> | null = null

function Count({ status }: { status: string }) {
  const record = useRecordContext()
  const [counts, setCounts] = useState<Record<string, Record<string, number>> | null>(null)
  useEffect(() => {
    countsPromise ??= listCounts().finally(() => setTimeout(() => (countsPromise = null), 1000))
    countsPromise.then(setCounts, () => setCounts({}))
  }, [])
  if (!record || !counts) return null
  return <>{counts[String(record.id)]?.[status] ?? 0}</>
}

const Actions = () => {
  const { can } = useCan()
  return <TopToolbar>{can('newsletter-lists', 'create') && <CreateButton />}</TopToolbar>
}

export const ListList = () => (
  <List actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} exporter={false} title="Newsletter lists">
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="description" />
      <DataTable.Col label="Subscribed" disableSort>
        <Count status="subscribed" />
      </DataTable.Col>
      <DataTable.Col label="Unconfirmed" disableSort>
        <Count status="unconfirmed" />
      </DataTable.Col>
      <DataTable.Col label="Unsubscribed" disableSort>
        <Count status="unsubscribed" />
      </DataTable.Col>
    </DataTable>
  </List>
)

const pick = (d: RaRecord) => ({ name: d.name, description: d.description ?? '' })

export const ListCreate = () => (
  <Create redirect="list" transform={pick}>
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
    </SimpleForm>
  </Create>
)

export const ListEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={pick}>
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
    </SimpleForm>
  </Edit>
)
