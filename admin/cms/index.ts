import ArticleIcon from '@mui/icons-material/Article'
import { CmsEdit } from './CmsEdit.tsx'
import { CmsList } from './CmsList.tsx'

export default { list: CmsList, edit: CmsEdit, icon: ArticleIcon }
