import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { startVersionChecks } from './lib/build-version';
import { saveLocale } from './lib/locale';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

saveLocale();
startVersionChecks();

// Public pages arrive prerendered (scripts/prerender.mjs) and are hydrated; the rest start empty.
const isHydrating = root.firstElementChild !== null;
createAppRouter({ isHydrating }).then((router) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the prerendered page is already on screen, and input
  // and paint stay responsive while it becomes interactive.
  if (isHydrating) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
