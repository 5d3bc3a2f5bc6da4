import { usePageContext } from 'vike-react/usePageContext'
import { NotFoundTemplate } from '../../templates/NotFoundTemplate.tsx'

export default function Page() {
  const { is404 } = usePageContext()
  return <NotFoundTemplate is404={is404 !== false} />
}
