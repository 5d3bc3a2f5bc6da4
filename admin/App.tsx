// The staff admin: react-admin under /admin over the /api/admin REST API (docs/decisions/050).
import { Admin, CustomRoutes, Resource } from 'react-admin'
import { BrowserRouter, Route } from 'react-router-dom'
import { AccountPage } from './account/AccountPage.tsx'
import { guardViews, RequireAccess } from './common/RequireAccess.tsx'
import { AnalyticsOverview } from './analytics/AnalyticsOverview.tsx'
import { Attribution } from './analytics/Attribution.tsx'
import { LeadJourney, Visitors } from './analytics/Visitors.tsx'
import { WebTraffic } from './analytics/WebTraffic.tsx'
import { WebAnalytics } from './analytics/WebAnalytics.tsx'
import { GoogleAnalytics } from './analytics/GoogleAnalytics.tsx'
import { PrivacyPage } from './privacy/PrivacyPage.tsx'
import { ChangePasswordPage } from './account/ChangePasswordPage.tsx'
import activities from './activities/index.ts'
import { MyTasks } from './activities/MyTasks.tsx'
import auditLogs from './audit/index.ts'
import { authProvider, changePasswordPath } from './authProvider.ts'
import cms from './cms/index.ts'
import companies from './companies/index.ts'
import syndication from './syndication/index.ts'
import { ContactImport } from './contacts/ContactImport.tsx'
import contacts, { ContactEdit } from './contacts/index.ts'
import { Dashboard } from './dashboard/Dashboard.tsx'
import { dataProvider } from './dataProvider.ts'
import { DealTable } from './deals/DealTable.tsx'
import deals from './deals/index.ts'
import errorGroups from './monitoring/errorGroups.ts'
import { MonitoringPage } from './monitoring/MonitoringPage.tsx'
import { TrendsPage } from './trends/TrendsPage.tsx'
import { BlogGeneratorPage } from './blogGenerator/BlogGeneratorPage.tsx'
import { BlogMigrationPage } from './blogMigration/BlogMigrationPage.tsx'
import * as monitoringResources from './monitoring/resources.tsx'
import { i18nProvider } from './i18n.ts'
import jobs from './jobs/index.ts'
import { AdminLayout } from './layout/AdminLayout.tsx'
import leads from './leads/index.ts'
import { LoginPage } from './login/LoginPage.tsx'
import { StaffAccessDenied } from './common/StaffAccessDenied.tsx'
import { StaffNotFound } from './common/StaffNotFound.tsx'
import { theme } from './theme.ts'
import users from './users/index.ts'
import redirects, { RedirectImport, notFound } from './redirects/resources.ts'
import posts, { tags } from './posts/index.ts'
import { campaigns, MailSettings, NewsletterAnalytics, newsletterLists, SubscriberImport, subscribers } from './newsletter/index.ts'
import { SocialCalendar } from './social/SocialCalendar.tsx'
import { SocialQueue } from './social/SocialQueue.tsx'
import { SocialAccountCreate, SocialAccountList, SocialPostCreate, SocialPostEdit, SocialPostList, SocialPostShow } from './social/SocialScreens.tsx'

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        disableTelemetry
        requireAuth
        title="Proofline admin"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={AdminLayout}
        loginPage={LoginPage}
        accessDenied={StaffAccessDenied}
        catchAll={StaffNotFound}
        dashboard={Dashboard}
        theme={theme}
      >
        <CustomRoutes noLayout>
          <Route path={changePasswordPath} element={<ChangePasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/overview" element={<Dashboard />} />
          <Route path="/account" element={<AccountPage />} />
          <Route
            path="/analytics"
            element={
              <RequireAccess resource="analytics">
                <AnalyticsOverview />
              </RequireAccess>
            }
          />
          <Route
            path="/web-traffic"
            element={
              <RequireAccess resource="analytics">
                <WebTraffic />
              </RequireAccess>
            }
          />
          <Route
            path="/web-analytics"
            element={
              <RequireAccess resource="analytics">
                <WebAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/google-analytics"
            element={
              <RequireAccess resource="analytics">
                <GoogleAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/attribution"
            element={
              <RequireAccess resource="attribution">
                <Attribution />
              </RequireAccess>
            }
          />
          <Route
            path="/visitors"
            element={
              <RequireAccess resource="analytics">
                <Visitors />
              </RequireAccess>
            }
          />
          <Route
            path="/visitors/lead/:id"
            element={
              <RequireAccess resource="attribution">
                <LeadJourney />
              </RequireAccess>
            }
          />
          <Route
            path="/monitoring"
            element={
              <RequireAccess resource="monitoring">
                <MonitoringPage />
              </RequireAccess>
            }
          />
          <Route
            path="/trends"
            element={
              <RequireAccess resource="trends">
                <TrendsPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-generator"
            element={
              <RequireAccess resource="blog-generator">
                <BlogGeneratorPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-migration"
            element={
              <RequireAccess resource="blog-migration">
                <BlogMigrationPage />
              </RequireAccess>
            }
          />
          <Route
            path="/blog-migration/:id"
            element={
              <RequireAccess resource="blog-migration">
                <BlogMigrationPage />
              </RequireAccess>
            }
          />
          <Route
            path="/privacy"
            element={
              <RequireAccess resource="privacy">
                <PrivacyPage />
              </RequireAccess>
            }
          />
          <Route
            path="/newsletter-analytics"
            element={
              <RequireAccess resource="subscribers">
                <NewsletterAnalytics />
              </RequireAccess>
            }
          />
          <Route
            path="/newsletter-settings"
            element={
              <RequireAccess resource="newsletter-settings">
                <MailSettings />
              </RequireAccess>
            }
          />
        </CustomRoutes>
        <Resource name="leads" {...guardViews(leads)} recordRepresentation={(r) => r.name || r.email} />
        <Resource
          name="contacts"
          {...guardViews(contacts)}
          recordRepresentation={(r) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || `Contact #${r.id}`}
        >
          <Route
            path="new"
            element={
              <RequireAccess action="create">
                <contacts.create />
              </RequireAccess>
            }
          />
          <Route
            path="import"
            element={
              <RequireAccess action="import">
                <ContactImport />
              </RequireAccess>
            }
          />
          <Route
            path=":id/edit"
            element={
              <RequireAccess action="edit">
                <ContactEdit />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource name="companies" {...guardViews(companies)} recordRepresentation="name">
          <Route
            path="new"
            element={
              <RequireAccess action="create">
                <companies.create />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource name="deals" {...guardViews(deals)} recordRepresentation="name">
          <Route
            path="new"
            element={
              <RequireAccess action="create">
                <deals.create />
              </RequireAccess>
            }
          />
          <Route
            path="table"
            element={
              <RequireAccess>
                <DealTable />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource name="activities" {...guardViews(activities)} recordRepresentation="subject">
          <Route
            path="new"
            element={
              <RequireAccess action="create">
                <activities.create />
              </RequireAccess>
            }
          />
          <Route
            path="my-tasks"
            element={
              <RequireAccess>
                <MyTasks />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource name="users" {...guardViews(users)} recordRepresentation={(r) => r.name || r.email} />
        <Resource name="audit-logs" {...guardViews(auditLogs)} options={{ label: 'Audit log' }} />
        <Resource name="jobs" {...guardViews(jobs)} options={{ label: 'Jobs' }} recordRepresentation={(r) => `${r.type} #${r.id}`} />
        <Resource name="redirects" {...guardViews(redirects)} recordRepresentation="source">
          <Route
            path="import"
            element={
              <RequireAccess action="import">
                <RedirectImport />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource
          name="error-groups"
          {...guardViews(errorGroups)}
          options={{ label: 'Errors' }}
          recordRepresentation={(r) => `${r.error_type}: ${String(r.message).slice(0, 60)}`}
        />
        <Resource name="incidents" {...guardViews(monitoringResources.incidents)} recordRepresentation="title" />
        <Resource name="maintenance-windows" {...guardViews(monitoringResources.maintenanceWindows)} options={{ label: 'Maintenance windows' }} />
        <Resource name="alerts" {...guardViews(monitoringResources.alerts)} recordRepresentation="subject" />
        <Resource name="spam-review" {...guardViews(monitoringResources.spamReview)} options={{ label: 'Spam review' }} recordRepresentation="email" />
        <Resource name="not-found" {...guardViews(notFound)} options={{ label: '404 log' }} recordRepresentation="path" />
        <Resource name="posts" {...guardViews(posts)} recordRepresentation="title" />
        <Resource name="tags" {...guardViews(tags)} recordRepresentation="name" />
        <Resource name="cms" {...guardViews(cms)} options={{ label: 'Pages (CMS)' }} recordRepresentation="url" />
        <Resource name="syndication" {...guardViews(syndication)} options={{ label: 'Syndication' }} recordRepresentation="title" />
        <Resource name="subscribers" {...guardViews(subscribers)} recordRepresentation="email">
          <Route
            path="import"
            element={
              <RequireAccess action="import">
                <SubscriberImport />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource name="newsletter-campaigns" {...guardViews(campaigns)} options={{ label: 'Campaigns' }} recordRepresentation="name" />
        <Resource
          name="social-media"
          {...guardViews({ list: SocialPostList, show: SocialPostShow, create: SocialPostCreate, edit: SocialPostEdit })}
          options={{ label: 'Social media' }}
          recordRepresentation="title"
        >
          <Route
            path="calendar"
            element={
              <RequireAccess>
                <SocialCalendar />
              </RequireAccess>
            }
          />
          <Route
            path="queue"
            element={
              <RequireAccess>
                <SocialQueue />
              </RequireAccess>
            }
          />
        </Resource>
        <Resource
          name="social-accounts"
          {...guardViews({ list: SocialAccountList, create: SocialAccountCreate })}
          options={{ label: 'Social accounts' }}
          recordRepresentation="name"
        />
        <Resource name="newsletter-lists" {...guardViews(newsletterLists)} options={{ label: 'Lists' }} recordRepresentation="name" />
      </Admin>
    </BrowserRouter>
  )
}
