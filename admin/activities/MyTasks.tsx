// /admin/activities/my-tasks: the signed-in user's tasks ("me" is resolved by the server), open
// ones by due date; "Show done" includes finished ones.
import { useState } from 'react'
import { CreateButton, DataTable, DateField, List, TopToolbar } from 'react-admin'
import { FormControlLabel, Switch } from '@mui/material'
import { LinkedRecords, MarkDoneButton } from './ActivityFields.tsx'

export function MyTasks() {
  const [showDone, setShowDone] = useState(false)
  // A permanent filter keeps `done_at: null` (list filters drop empty values).
  const filter = showDone ? { owner_id: 'me', type: 'task' } : { owner_id: 'me', type: 'task', done_at: null }
  return (
    <List
      resource="activities"
      title="My tasks"
      storeKey="activities.mine"
      filter={filter}
      sort={{ field: 'due_at', order: 'ASC' }}
      actions={
        <TopToolbar>
          <FormControlLabel control={<Switch checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />} label="Show done" />
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
      disableSyncWithLocation
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="subject" />
        <DataTable.Col source="due_at" label="Due" field={DateField} />
        <DataTable.Col source="done_at" label="Done" field={DateField} />
        <DataTable.Col label="Linked to" disableSort>
          <LinkedRecords />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <MarkDoneButton />
        </DataTable.Col>
      </DataTable>
    </List>
  )
}
