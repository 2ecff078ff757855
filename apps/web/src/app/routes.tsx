import { Outlet, type RouteObject } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { Spinner } from '../components/ui/spinner';
import { GuestOnly, RequireAuth } from '../lib/auth';
import { RouteErrorPage } from '../routes/error';
import { Component as HomePage } from '../routes/home';
import { NotFoundPage } from '../routes/not-found';
import { PROJECT_SECTION_PATHS, PROJECT_SECTION_PREFIXES } from './paths';
import { RootLayout } from './root-layout';

function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading…" />
    </div>
  );
}

/** `/app` and `/app/<section>` in the last-used project; loaded with the app, not the public site. */
const openProject = (section?: string) => async () => {
  const { OpenProject } = await import('./shell/open-project');
  return { Component: () => <OpenProject section={section} /> };
};

/**
 * The route table. Route modules export `Component` and load on demand, except the home page,
 * which most visits start on. The signed-in app's layouts load on demand too, so the public pages
 * carry none of its code. Every path here is also in ./paths.ts, which the server reads
 * to answer unknown paths with a real 404.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'features', lazy: () => import('../routes/features') },
          { path: 'ai', lazy: () => import('../routes/ai') },
          { path: 'collaboration', lazy: () => import('../routes/collaboration') },
          { path: 'developer-tools', lazy: () => import('../routes/developer-tools') },
          { path: 'pricing', lazy: () => import('../routes/pricing') },
          { path: 'blog', lazy: () => import('../routes/blog/index') },
          { path: 'blog/category/:slug', lazy: () => import('../routes/blog/category') },
          { path: 'blog/:id', lazy: () => import('../routes/blog/post') },
          { path: 'docs', lazy: () => import('../routes/docs') },
          { path: 'status', lazy: () => import('../routes/status') },
          { path: 'auth/:provider/callback', lazy: () => import('../routes/auth/oauth-callback') },
          { path: 'about', lazy: () => import('../routes/about') },
          { path: 'careers', lazy: () => import('../routes/careers') },
          { path: 'contact', lazy: () => import('../routes/contact') },
          { path: 'support', lazy: () => import('../routes/support') },
          { path: 'privacy', lazy: () => import('../routes/legal/privacy') },
          { path: 'terms', lazy: () => import('../routes/legal/terms') },
          { path: 'cookies', lazy: () => import('../routes/legal/cookies') },
          { path: 'forgot-password', lazy: () => import('../routes/forgot-password') },
          { path: 'reset-password', lazy: () => import('../routes/reset-password') },
          {
            element: (
              <GuestOnly>
                <Outlet />
              </GuestOnly>
            ),
            children: [
              { path: 'login', lazy: () => import('../routes/login') },
              { path: 'register', lazy: () => import('../routes/register') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'app',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { index: true, lazy: openProject() },
          {
            path: 'project',
            lazy: async () => ({ Component: (await import('./shell/project-setup-layout')).ProjectSetupLayout }),
            children: [{ index: true, lazy: () => import('../routes/app/project') }],
          },
          {
            lazy: async () => ({ Component: (await import('./shell/app-layout')).AppLayout }),
            children: [
              { path: 'projects', handle: { crumb: 'Projects' }, lazy: () => import('../routes/app/projects') },
              { path: 'profile', handle: { crumb: 'Profile' }, lazy: () => import('../routes/app/profile') },
              { path: 'settings/profile', handle: { crumb: 'Profile' }, lazy: () => import('../routes/app/profile') },
              {
                path: 'admin',
                handle: { crumb: 'Instance admin' },
                lazy: () => import('../routes/app/admin/layout'),
                children: [
                  { index: true, lazy: () => import('../routes/app/admin/users') },
                  {
                    path: 'incidents',
                    handle: { crumb: 'Incidents' },
                    lazy: () => import('../routes/app/admin/incidents'),
                  },
                  {
                    path: 'messages',
                    handle: { crumb: 'Messages' },
                    lazy: () => import('../routes/app/admin/messages'),
                  },
                  {
                    path: 'projects',
                    handle: { crumb: 'Projects' },
                    lazy: () => import('../routes/app/admin/projects'),
                  },
                ],
              },
              { path: 'graphql', lazy: openProject('graphql') },
              ...PROJECT_SECTION_PATHS.map((section) => ({
                path: section,
                lazy: openProject(section),
              })),
              ...PROJECT_SECTION_PREFIXES.map((section) => ({
                path: `${section}/*`,
                lazy: async () => {
                  const { OpenProjectPath } = await import('./shell/open-project');
                  return { Component: () => <OpenProjectPath section={section} /> };
                },
              })),
              {
                path: 'projects/:projectId',
                lazy: async () => ({ Component: (await import('./shell/project-layout')).ProjectLayout }),
                children: [
                  { index: true, lazy: () => import('../routes/app/dashboard') },
                  {
                    path: 'collections',
                    handle: { crumb: 'Content model' },
                    lazy: () => import('../routes/app/collections'),
                  },
                  {
                    path: 'audiences',
                    handle: { crumb: 'Audiences' },
                    lazy: () => import('../routes/app/audiences'),
                  },
                  {
                    path: 'collection-editor',
                    handle: { crumb: 'Content model' },
                    children: [
                      { index: true, lazy: () => import('../routes/app/collection-editor') },
                      { path: ':slug', lazy: () => import('../routes/app/collection-editor') },
                    ],
                  },
                  { path: 'content', handle: { crumb: 'Content' }, lazy: () => import('../routes/app/content') },
                  {
                    path: 'document-editor/:collection/:id',
                    handle: { crumb: 'Document' },
                    lazy: () => import('../routes/app/document-editor'),
                  },
                  { path: 'media', handle: { crumb: 'Media' }, lazy: () => import('../routes/app/media') },
                  {
                    path: 'api-tokens',
                    handle: { crumb: 'API tokens' },
                    lazy: () => import('../routes/app/api-tokens'),
                  },
                  {
                    path: 'webhooks',
                    handle: { crumb: 'Webhooks' },
                    children: [
                      { index: true, lazy: () => import('../routes/app/webhooks/index') },
                      { path: ':webhookId', lazy: () => import('../routes/app/webhooks/webhook') },
                    ],
                  },
                  { path: 'analytics', handle: { crumb: 'Analytics' }, lazy: () => import('../routes/app/analytics') },
                  {
                    path: 'graphql',
                    handle: { crumb: 'GraphQL explorer' },
                    lazy: () => import('../routes/app/graphql'),
                  },
                  { path: 'billing', handle: { crumb: 'Billing' }, lazy: () => import('../routes/app/billing') },
                  {
                    path: 'settings',
                    handle: { crumb: 'Settings' },
                    lazy: () => import('../routes/app/settings/layout'),
                    children: [
                      { index: true, lazy: () => import('../routes/app/settings/general') },
                      {
                        path: 'members',
                        handle: { crumb: 'Members' },
                        lazy: () => import('../routes/app/settings/members'),
                      },
                      { path: 'billing', handle: { crumb: 'Billing' }, lazy: () => import('../routes/app/billing') },
                    ],
                  },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
