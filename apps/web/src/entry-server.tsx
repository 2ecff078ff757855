import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { type HeadCollector, HeadContext } from './components/ui/page-meta';

export { KNOWN_PATHS } from './app/paths';

export interface RenderedPage {
  html: string;
  head: HeadCollector;
  status: number;
}

/**
 * Renders one public page to HTML at build time (scripts/prerender.mjs), as the browser's first
 * render will: signed out, no cookie choice yet, every query still loading.
 */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: HeadCollector = {};
  const html = renderToString(
    <StrictMode>
      <HeadContext.Provider value={head}>
        <AppProvider queryClient={new QueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </HeadContext.Provider>
    </StrictMode>,
  );
  return { html, head, status: context.statusCode };
}
