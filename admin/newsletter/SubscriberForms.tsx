// Create and edit a subscriber: consent is stated whenever staff subscribe someone.
import { BooleanInput, Create, Edit, ReferenceArrayInput, SelectArrayInput, SelectInput, SimpleForm, TextInput, required, type RaRecord } from 'react-admin'

const tagsParse = (v: string) =>
  v
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
const tagsFormat = (v: unknown) => (Array.isArray(v) ? v.join(', ') : ((v as string) ?? ''))

const pick = (d: RaRecord, keys: string[]) => Object.fromEntries(keys.filter((k) => d[k] !== undefined && d[k] !== null && d[k] !== '').map((k) => [k, d[k]]))

export const SubscriberCreate = () => (
  <Create redirect="show" title="Add a subscriber" transform={(d: RaRecord) => pick(d, ['email', 'name', 'tags', 'list_ids', 'consent', 'send_confirmation'])}>
    <SimpleForm>
      <TextInput source="email" type="email" validate={required()} fullWidth />
      <TextInput source="name" fullWidth />
      <TextInput source="tags" helperText="Comma-separated, like client, webinar" parse={tagsParse} format={tagsFormat} fullWidth />
      <ReferenceArrayInput source="list_ids" reference="newsletter-lists">
        <SelectArrayInput optionText="name" label="Lists (default: Newsletter)" />
      </ReferenceArrayInput>
      <TextInput
        source="consent"
        label="How did this person agree?"
        helperText="Required: for example “Asked at the March webinar, signed form on file”."
        validate={required()}
        multiline
        fullWidth
      />
      <BooleanInput source="send_confirmation" label="Send a confirmation email (double opt-in) instead of subscribing now" />
    </SimpleForm>
  </Create>
)

export const SubscriberEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={(d: RaRecord) => pick(d, ['name', 'tags', 'list_ids', 'status', 'consent'])}>
    <SimpleForm>
      <TextInput source="email" disabled fullWidth />
      <TextInput source="name" fullWidth />
      <TextInput source="tags" helperText="Comma-separated" parse={tagsParse} format={tagsFormat} fullWidth />
      <ReferenceArrayInput source="list_ids" reference="newsletter-lists">
        <SelectArrayInput optionText="name" label="Lists" />
      </ReferenceArrayInput>
      <SelectInput
        source="status"
        choices={[
          { id: 'subscribed', name: 'subscribed' },
          { id: 'unsubscribed', name: 'unsubscribed' },
          { id: 'blocklisted', name: 'blocklisted' },
          { id: 'unconfirmed', name: 'unconfirmed (waiting for the email link)', disabled: true },
        ]}
      />
      <TextInput source="consent" label="Consent (required to subscribe an address again)" multiline fullWidth />
    </SimpleForm>
  </Edit>
)
