// /admin/contacts: search, filters, bulk merge of two selected contacts, and the CSV import.
import {
  BulkDeleteButton,
  ChipField,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  Button,
} from 'react-admin'
import UploadIcon from '@mui/icons-material/Upload'
import { Link } from 'react-router-dom'
import { contactStatusChoices } from '../choices.ts'
import { useCan } from '../common/hooks.ts'
import { OwnerField, OwnerInput } from '../common/Owner.tsx'
import { MergeContactsButton } from './MergeContactsButton.tsx'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search contacts" />,
  <SelectInput key="status" source="status" choices={contactStatusChoices} alwaysOn />,
  <ReferenceInput key="company_id" source="company_id" reference="companies">
    <AutocompleteInput label="Company" optionText="name" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
  <OwnerInput key="owner_id" source="owner_id" />,
]

function ContactListActions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      {can('contacts', 'import') && (
        <Button component={Link} to="/contacts/import" label="Import CSV">
          <UploadIcon />
        </Button>
      )}
    </TopToolbar>
  )
}

function ContactBulkActions() {
  const { can } = useCan()
  return (
    <>
      {can('contacts', 'edit') && can('contacts', 'delete') && <MergeContactsButton />}
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  )
}

const primaryEmail = (r: { emails?: { email: string }[] }) => r.emails?.[0]?.email ?? ''

export const ContactList = () => (
  <List filters={filters} actions={<ContactListActions />} sort={{ field: 'last_seen', order: 'DESC' }} exporter={false}>
    <DataTable rowClick={(id) => `/contacts/${id}`} bulkActionButtons={<ContactBulkActions />}>
      <DataTable.Col source="first_name" label="First name" />
      <DataTable.Col source="last_name" label="Last name" />
      <DataTable.Col source="title" />
      <DataTable.Col source="company_id" label="Company">
        <ReferenceField source="company_id" reference="companies" link="show" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col label="Email" disableSort>
        <FunctionField render={primaryEmail} />
      </DataTable.Col>
      <DataTable.Col source="status">
        <ChipField source="status" size="small" />
      </DataTable.Col>
      <DataTable.Col source="tags" disableSort>
        <FunctionField render={(r) => (r.tags ?? []).join(', ')} />
      </DataTable.Col>
      <DataTable.Col source="last_seen" label="Last seen" field={DateField} />
      <DataTable.Col source="owner_id" label="Owner">
        <OwnerField />
      </DataTable.Col>
    </DataTable>
  </List>
)
