// The side menu: only what the signed-in role may open, by the same canAccess as the server, in
// sections by job (sales, content, marketing, analytics, operations, administration) rather than one
// list of 40 entries in the order they were built (docs/decisions/212-admin-menu-sections.md).
import type { ReactElement } from 'react'
import QueryStatsIcon from '@mui/icons-material/QueryStats'
import CompareArrowsIcon from '@mui/icons-material/CompareArrows'
import { Menu, usePermissions, useSidebarState } from 'react-admin'
import { ListSubheader } from '@mui/material'
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn'
import AccountTreeIcon from '@mui/icons-material/AccountTree'
import InsightsIcon from '@mui/icons-material/Insights'
import PeopleIcon from '@mui/icons-material/People'
import TrafficIcon from '@mui/icons-material/Traffic'
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart'
import TrendingUpIcon from '@mui/icons-material/TrendingUp'
import SettingsIcon from '@mui/icons-material/SettingsSuggest'
import EditNoteIcon from '@mui/icons-material/EditNote'
import MoveUpIcon from '@mui/icons-material/MoveUp'
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip'
import { canAccess } from '../../shared/permissions.ts'
import type { Role } from '../authState.ts'

/** One entry: a resource's list, or a page of its own (to), shown when the role may list `resource`. */
type Entry = { resource: string; to?: string; text?: string; icon?: ReactElement }

export const MENU_SECTIONS: { title: string; entries: Entry[] }[] = [
  {
    title: 'Sales',
    entries: [
      { resource: 'leads' },
      { resource: 'contacts' },
      { resource: 'companies' },
      { resource: 'deals' },
      { resource: 'activities' },
      { resource: 'activities', to: '/activities/my-tasks', text: 'My tasks', icon: <AssignmentIcon /> },
    ],
  },
  {
    title: 'Content',
    entries: [
      { resource: 'posts' },
      { resource: 'tags' },
      { resource: 'cms' },
      { resource: 'syndication' },
      { resource: 'blog-generator', to: '/blog-generator', text: 'Blog generator', icon: <EditNoteIcon /> },
      { resource: 'blog-migration', to: '/blog-migration', text: 'Blog migration', icon: <MoveUpIcon /> },
      { resource: 'redirects' },
      { resource: 'not-found' },
    ],
  },
  {
    title: 'Marketing',
    entries: [
      { resource: 'subscribers' },
      { resource: 'newsletter-lists' },
      { resource: 'newsletter-campaigns' },
      { resource: 'subscribers', to: '/newsletter-analytics', text: 'Newsletter analytics', icon: <InsightsIcon /> },
      { resource: 'newsletter-settings', to: '/newsletter-settings', text: 'Newsletter settings', icon: <SettingsIcon /> },
      { resource: 'social-media' },
      { resource: 'social-accounts' },
      { resource: 'trends', to: '/trends', text: 'Trends', icon: <TrendingUpIcon /> },
    ],
  },
  {
    title: 'Analytics',
    entries: [
      { resource: 'analytics', to: '/analytics', text: 'Analytics', icon: <InsightsIcon /> },
      { resource: 'analytics', to: '/web-traffic', text: 'Web traffic', icon: <TrafficIcon /> },
      { resource: 'analytics', to: '/web-analytics', text: 'Web analytics', icon: <QueryStatsIcon /> },
      { resource: 'analytics', to: '/google-analytics', text: 'Google Analytics', icon: <CompareArrowsIcon /> },
      { resource: 'attribution', to: '/attribution', text: 'Attribution', icon: <AccountTreeIcon /> },
      { resource: 'analytics', to: '/visitors', text: 'Visitors', icon: <PeopleIcon /> },
    ],
  },
  {
    title: 'Operations',
    entries: [
      { resource: 'monitoring', to: '/monitoring', text: 'Monitoring', icon: <MonitorHeartIcon /> },
      { resource: 'error-groups' },
      { resource: 'incidents' },
      { resource: 'maintenance-windows' },
      { resource: 'alerts' },
      { resource: 'spam-review' },
      { resource: 'jobs' },
    ],
  },
  {
    title: 'Administration',
    entries: [{ resource: 'users' }, { resource: 'audit-logs' }, { resource: 'privacy', to: '/privacy', text: 'Privacy', icon: <PrivacyTipIcon /> }],
  },
]

export function AdminMenu() {
  const { permissions: role } = usePermissions<Role | null>()
  const [open] = useSidebarState()
  const can = (resource: string) => Boolean(role) && canAccess(role as Role, { resource, action: 'list' })
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Overview" />
      {MENU_SECTIONS.flatMap(({ title, entries }) => {
        const shown = entries.filter((e) => can(e.resource))
        if (!shown.length) return []
        // A section's title is a labelled separator of the menu (the children a menu may have),
        // which MUI's MenuList skips with the arrow keys (it has no tabindex); with the sidebar
        // folded to icons only, the titles are left out.
        const header = open ? (
          <ListSubheader
            key={title}
            role="separator"
            aria-label={title}
            disableSticky
            sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent', fontWeight: 600 }}
          >
            {title}
          </ListSubheader>
        ) : null
        return [
          header,
          ...shown.map((e) =>
            e.to ? <Menu.Item key={e.to} to={e.to} primaryText={e.text} leftIcon={e.icon} /> : <Menu.ResourceItem key={e.resource} name={e.resource} />,
          ),
        ]
      })}
    </Menu>
  )
}
