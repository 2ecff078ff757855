import { useEffect } from 'react';

/** Sets the page's title and description (the ones index.html holds, so there is never a duplicate). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title === 'Plinth' ? title : `${title} | Plinth`;
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
