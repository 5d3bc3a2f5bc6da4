// A new post starts as a draft: title, slug, author and tags; the editor does the rest.
import { Create, required, SimpleForm, TextInput } from 'react-admin'

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)

export const PostCreate = () => (
  <Create title="New post" redirect="edit" transform={(data: Record<string, unknown>) => ({ ...data, slug: data.slug || slugOf(String(data.title ?? '')) })}>
    <SimpleForm>
      <TextInput source="title" label="Title" validate={required()} helperText="At most 60 characters: it is the title in search results." fullWidth />
      <TextInput source="slug" label="Slug" helperText="Lowercase words and hyphens; left empty, it is made from the title." fullWidth />
      <TextInput source="author" label="Author" validate={required()} />
      <TextInput
        source="tags"
        label="Tags"
        helperText="Tag slugs separated by commas, like seo, ppc"
        format={(v: string[] | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''))}
        parse={(v: string) =>
          v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        }
      />
      <TextInput source="excerpt" label="Excerpt" multiline helperText="At most 160 characters: the description in search results." fullWidth />
      <TextInput source="body" label="Body (Markdown)" multiline minRows={8} fullWidth />
    </SimpleForm>
  </Create>
)
