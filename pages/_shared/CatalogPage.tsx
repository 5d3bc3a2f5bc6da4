// The page component of every family: renders the template the catalog entry names.
import { useData } from 'vike-react/useData'
import { templates } from '../../templates/index.ts'
import type { PageData } from '../../templates/types.ts'

export default function Page() {
  const data = useData<PageData>()
  const Template = templates[data.template as keyof typeof templates] as React.ComponentType<Record<string, unknown>>
  if (!Template) throw new Error(`Unknown template ${data.template}`)
  return <Template {...data.props} />
}
