import { createContext, useContext, useEffect } from 'react';

/** What the prerender (src/entry-server.tsx) collects from the page to write into <head>. */
export interface HeadCollector {
  title?: string;
  description?: string;
}

export const HeadContext = createContext<HeadCollector | null>(null);

export function fullTitle(title: string): string {
  return title === 'Plinth' ? title : `${title} | Plinth`;
}

/** Sets the page's title and description (the ones index.html holds, so there is never a duplicate). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const head = useContext(HeadContext);
  if (head) {
    // Server render only: effects never run there, so the page tells the collector instead.
    head.title = fullTitle(title);
    head.description = description;
  }
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
  return null;
}
