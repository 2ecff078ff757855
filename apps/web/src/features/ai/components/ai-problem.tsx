import { aiProblem } from '../api/ai-errors';

/** An AI call's failure, said so a person knows what happened and who can fix it. */
export function AiProblemNotice({ error, note }: { error: unknown; note?: string }) {
  const problem = aiProblem(error);
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200">
      <p className="font-semibold">{problem.title}</p>
      <p className="mt-1">{problem.message}</p>
      {note ? <p className="mt-1">{note}</p> : null}
    </div>
  );
}
