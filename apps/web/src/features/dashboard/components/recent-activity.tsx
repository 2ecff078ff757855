import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { describeActivity } from '../activity';
import { useRecentActivity } from '../api/get-recent-activity';

/** The latest changes from the audit trail: who did what, when, with a link to where it shows. */
export function RecentActivity({ projectId }: { projectId: string }) {
  const activity = useRecentActivity(projectId);
  return (
    <Card title="Recent activity" description="The latest changes to this project, from its audit trail.">
      {activity.isPending ? (
        <div role="status" aria-label="Loading recent activity" className="space-y-3">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-6" />
          ))}
        </div>
      ) : activity.isError ? (
        <LoadError
          title="We could not load the recent activity."
          error={activity.error}
          onRetry={() => activity.refetch()}
        />
      ) : activity.data.data.length === 0 ? (
        <p className="flex items-center gap-2 text-slate-600 text-sm">
          <History className="size-4 shrink-0 text-slate-400" aria-hidden />
          Nothing has happened here yet. Changes to the model, content, members and settings will show here.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {activity.data.data.map((entry) => {
            const line = describeActivity(entry, projectId);
            const text = (
              <>
                <span className="font-medium text-slate-900">{line.actor}</span> {line.phrase}
                {line.subject ? <span className="text-slate-600"> {line.subject}</span> : null}
              </>
            );
            return (
              <li
                key={entry.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5 text-sm"
              >
                <span className="min-w-0 break-words text-slate-700">
                  {line.to ? (
                    <Link
                      to={line.to}
                      className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {text}
                    </Link>
                  ) : (
                    text
                  )}
                </span>
                <time
                  dateTime={entry.created_at}
                  title={formatDateTime(entry.created_at)}
                  className="shrink-0 text-slate-500 text-xs"
                >
                  {formatRelativeTime(entry.created_at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
