import LinkOffIcon from '@mui/icons-material/LinkOff'
import { NotFoundList } from './NotFoundList.tsx'

export default { list: NotFoundList, icon: LinkOffIcon }
