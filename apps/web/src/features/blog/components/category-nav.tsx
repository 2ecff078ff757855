import { NavLink } from 'react-router';
import { useCategories } from '../api/get-categories';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex justify-between gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-indigo-50 font-semibold text-indigo-700' : 'text-slate-700 hover:bg-slate-100'}`;

/** The blog's categories with their post counts; the blog still works when they fail to load. */
export function CategoryNav() {
  const categories = useCategories();
  return (
    <nav aria-label="Blog categories" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h2 className="px-3 font-semibold text-slate-900 text-sm">Categories</h2>
      <ul className="mt-2 space-y-1">
        <li>
          <NavLink to="/blog" end className={linkClass}>
            All posts
          </NavLink>
        </li>
        {categories.data?.data.map((category) => (
          <li key={category.slug}>
            <NavLink to={`/blog/category/${category.slug}`} className={linkClass} title={category.description}>
              <span>{category.name}</span>
              <span className="text-slate-500">{category.post_count}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {categories.isPending ? <p className="px-3 pt-2 text-slate-500 text-sm">Loading categories…</p> : null}
      {categories.isError ? <p className="px-3 pt-2 text-slate-500 text-sm">Categories are unavailable.</p> : null}
    </nav>
  );
}
