import ArticleIcon from '@mui/icons-material/Article'
import LabelIcon from '@mui/icons-material/Label'
import { PostCreate } from './PostCreate.tsx'
import { PostEdit } from './PostEdit.tsx'
import { PostList } from './PostList.tsx'
import { TagCreate, TagEdit, TagList } from './TagList.tsx'

export default { list: PostList, edit: PostEdit, create: PostCreate, icon: ArticleIcon }
export const tags = { list: TagList, edit: TagEdit, create: TagCreate, icon: LabelIcon }
