import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../components/ui/page-meta';
import { PostList } from '../../features/blog/components/post-list';

export function Component() {
  return (
    <>
      <PageMeta
        title="Blog"
        description="Product news, engineering notes and guides on structured content from the Plinth team."
      />
      <PageHeader eyebrow="Blog" title="Notes from the Plinth team">
        <p>Product news, engineering deep dives and practical guides to modelling and delivering structured content.</p>
      </PageHeader>
      <PostList />
    </>
  );
}
