import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../components/ui/page-meta';
import { useCategories } from '../../features/blog/api/get-categories';
import { PostList } from '../../features/blog/components/post-list';

export function Component() {
  const { slug = '' } = useParams();
  const categories = useCategories();
  const category = categories.data?.data.find((candidate) => candidate.slug === slug);
  const name = category?.name ?? slug.replace(/-/g, ' ');
  return (
    <>
      <PageMeta
        title={`${category?.name ?? 'Category'} | Blog`}
        description={category?.description || `Posts about ${name} from the Plinth blog.`}
      />
      <PageHeader eyebrow="Blog category" title={category?.name ?? name}>
        {category?.description ? <p>{category.description}</p> : null}
      </PageHeader>
      <PostList category={slug} />
    </>
  );
}
